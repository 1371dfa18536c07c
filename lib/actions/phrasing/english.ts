import { MONEY_PATTERN } from '@/lib/business-settings';
import { formatDay, formatDayWindow, type Lang } from './format';

/**
 * Reading the repository's English: a few fixed sentences and labels (previews, notes, advice)
 * are recognised by pattern and said again in the customer's language. Text that matches no
 * rule is kept as it is.
 */

export type Rule = {
  pattern: RegExp;
  /** The sentence in `lang`, or null to drop it (it is said elsewhere from structured fields). */
  render: (groups: string[], lang: Lang) => string | null;
};

/** The first matching rule's rendering; `undefined` when no rule matches. */
export function applyRules(text: string, rules: readonly Rule[], lang: Lang): string | null | undefined {
  for (const rule of rules) {
    const match = rule.pattern.exec(text);
    if (match) return rule.render(match.slice(1).map((g) => g ?? ''), lang);
  }
  return undefined;
}

/** `text` in `lang` when a rule knows it, otherwise unchanged. */
export function translate(text: string, rules: readonly Rule[], lang: Lang): string {
  const out = applyRules(text, rules, lang);
  return out === undefined || out === null ? text : out;
}

/** Each text in `lang`: known ones rendered (or dropped when a rule says so), unknown ones kept. */
export function translateAll(texts: readonly string[], rules: readonly Rule[], lang: Lang): string[] {
  const result: string[] = [];
  for (const text of texts) {
    const out = applyRules(text, rules, lang);
    if (out === undefined) result.push(text);
    else if (out !== null) result.push(out);
  }
  return result;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as the repository writes it (formatDayLabel): "3 Dec 2026". */
export const DAY_LABEL = String.raw`\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}`;
/** A month as the repository writes it: "Dec 2026". */
export const MONTH_LABEL = String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}`;
/** A slot as the repository writes it (formatWindow): "Thu 3 Dec 2026, 08:00–12:00". */
export const WINDOW_LABEL = String.raw`(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat) ${DAY_LABEL}, \d{2}:\d{2}–\d{2}:\d{2}`;
/** An amount as the repository writes it (formatMoney, in the configured currency): "CHF 64.00", "-CHF 10.00". */
export const MONEY_LABEL = MONEY_PATTERN;

/** "3 Dec 2026" → "2026-12-03", or null. */
export function parseDayLabel(label: string): string | null {
  const match = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(label.trim());
  if (!match) return null;
  const month = MONTHS.indexOf(match[2] ?? '');
  if (month < 0) return null;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${String(Number(match[1])).padStart(2, '0')}`;
}

/** "3 Dec 2026" in `lang`; unchanged when it is not such a label. */
export function localizeDayLabel(label: string, lang: Lang): string {
  const day = parseDayLabel(label);
  return day ? formatDay(day, lang) : label;
}

/** "Dec 2026" → the first of that month ("2026-12-01"), or null. */
export function parseMonthLabel(label: string): string | null {
  return parseDayLabel(`1 ${label.trim()}`);
}

/** "Thu 3 Dec 2026, 08:00–12:00" in `lang`; unchanged when it is not such a label. */
export function localizeWindowLabel(label: string, lang: Lang): string {
  const match = /^[A-Z][a-z]{2} (\d{1,2} [A-Z][a-z]{2} \d{4}), (\d{2}:\d{2})–(\d{2}:\d{2})$/.exec(label.trim());
  const day = match ? parseDayLabel(match[1] ?? '') : null;
  return match && day ? formatDayWindow(day, match[2] ?? '', match[3] ?? '', lang) : label;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A rule for one fixed English text. */
export function exact(english: string, texts: Omit<Record<Lang, string>, 'en'>): Rule {
  return { pattern: new RegExp(`^${escapeRegExp(english)}$`), render: (_, lang) => (lang === 'en' ? english : texts[lang]) };
}

/** English kind labels (lib/actions/policy.ts KIND_LABELS) back to the catalog kind. */
export const KIND_FROM_LABEL: Record<string, string> = { internet: 'internet', mobile: 'mobile', TV: 'tv', landline: 'phone' };
