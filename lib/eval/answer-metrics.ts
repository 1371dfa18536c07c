/**
 * Answer-quality metrics for the grounded chat. Pure functions: chat results in, numbers out.
 *
 * Conventions (the same as the retrieval metrics in ./metrics):
 * - "Answered" means the outcome was 'answered' (generated, cited) or 'golden' (expert answer);
 *   every other outcome (no_answer, clarify, out_of_scope, error, …) counts as not answered.
 * - A rate over an empty set is null (undefined, not zero): e.g. abstention with no unanswerable
 *   questions. Tables print it as "—".
 * - Latency percentiles are nearest-rank over the results that carry the figure; null when none do.
 */
import type { AnswerOutcome } from '@/lib/domain/chat';
import { asTextLanguage, contentTerms, isStopword, fold } from '@/lib/ai/local/text';
import { missingFacts, type Fact } from '@/lib/domain/facts';
import { isLocale } from '@/lib/i18n/locales';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { percentile } from './metrics';

export type AnswerResult = {
  id: string;
  /** Expected language: the question's. */
  lang: string;
  kind?: string;
  /** The golden item has source_ids. */
  answerable: boolean;
  expectedSourceIds: string[];
  expectedAnswer?: string;
  /** What a right answer must state (golden `facts`); absent when the item has none. */
  facts?: Fact[];
  outcome: AnswerOutcome;
  /** The answer text the customer saw, citation markers like [1] included. */
  text: string;
  /** Documents of the citations shown (one entry per citation). */
  citedDocumentIds: string[];
  /** Documents of every source passed to the generator. */
  passedDocumentIds: string[];
  ttftMs?: number;
  totalMs?: number;
};

export type LatencySummary = { p50: number | null; p95: number | null };

export type AnswerMetrics = {
  questions: number;
  answerable: number;
  unanswerable: number;
  /** Replies (non-empty text) in the question's language, 0..1. */
  languageMatch: number | null;
  /** Shown citations that point to a source passed to the generator, 0..1; 1 when none were shown. */
  citationValidity: number;
  /** Answered answerable questions citing at least one expected document (or its translation). */
  citationMatch: number | null;
  /** Unanswerable questions that were not answered. */
  abstentionCorrect: number | null;
  /** Answerable questions answered with "I don't know" (no answer, out of scope, model error). */
  falseAbstention: number | null;
  /** Answerable questions answered with a clarifying question (which version?): not abstentions. */
  clarified: number | null;
  /** Answerable questions with facts. */
  withFacts: number;
  /** Of the answerable questions with facts: answered, stating every fact, 0..1. */
  keyFactAccuracy: number | null;
  /** Share of all their facts the answers state (a declined question states none), 0..1. */
  factsStated: number | null;
  /** Of the answerable questions with facts: answered with a citation, stating some but not all of the facts. */
  incomplete: number | null;
  /** Of the answerable questions with facts: answered with a citation, stating none of the facts — wrong, said with confidence. */
  confidentlyWrong: number | null;
  /** Mean token F1 against the expert answer, over answered answerable questions that have one. */
  tokenOverlapF1: number | null;
  ttftMs: LatencySummary;
  totalMs: LatencySummary;
};

const ANSWERED: ReadonlySet<AnswerOutcome> = new Set(['answered', 'golden']);

export function isAnswered(outcome: AnswerOutcome): boolean {
  return ANSWERED.has(outcome);
}

const ABSTAINED: ReadonlySet<AnswerOutcome> = new Set(['no_answer', 'out_of_scope', 'error']);

/** The reply declined to answer. A clarifying question is not an abstention: it leads to an answer. */
export function isAbstention(outcome: AnswerOutcome): boolean {
  return ABSTAINED.has(outcome);
}

/**
 * The facts an answer leaves out; null when there is nothing to check (no facts, or no answer).
 * Citation markers are stripped first so "[1]" never counts as the number 1.
 */
export function factsMissing(result: Pick<AnswerResult, 'facts' | 'outcome' | 'text'>): Fact[] | null {
  if (!result.facts?.length || !isAnswered(result.outcome)) return null;
  return missingFacts(stripCitationMarkers(result.text), result.facts);
}

/** [1], [2, 3], [1–3], [1][2] — the markers the chat puts in its text. */
const CITATION_MARKER = /\[\d+(?:\s*[,;–-]\s*\d+)*\]/g;

export function stripCitationMarkers(text: string): string {
  return text.replace(CITATION_MARKER, ' ');
}

const TRANSLATION_SUFFIX = /-(?:en|de|fr|it)$/;

/** 'internet-slow-de' and 'internet-slow-en' are the same article in two languages. */
export function sameArticle(a: string, b: string): boolean {
  return a === b || a.replace(TRANSLATION_SUFFIX, '') === b.replace(TRANSLATION_SUFFIX, '');
}

function counts(terms: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const t of terms) map.set(t, (map.get(t) ?? 0) + 1);
  return map;
}

/**
 * Bag-of-words F1 between two texts (SQuAD style), over folded, stemmed content words with
 * citation markers stripped. Symmetric. Two texts without content words score 1, one such text 0.
 */
export function tokenF1(a: string, b: string, lang?: string): number {
  const language = asTextLanguage(lang);
  const ta = contentTerms(stripCitationMarkers(a), language);
  const tb = contentTerms(stripCitationMarkers(b), language);
  if (ta.length === 0 || tb.length === 0) return ta.length === tb.length ? 1 : 0;
  const cb = counts(tb);
  let common = 0;
  for (const [term, n] of counts(ta)) common += Math.min(n, cb.get(term) ?? 0);
  if (common === 0) return 0;
  const precision = common / ta.length;
  const recall = common / tb.length;
  return (2 * precision * recall) / (precision + recall);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A capitalised word or a number: the stuff UI labels and product names are made of.
const CAP_WORD = String.raw`[\p{Lu}\d][\p{L}\d'’\-]*`;
const CAP_RUN = String.raw`${CAP_WORD}(?: ${CAP_WORD}){0,2}`;
// Menu paths: "My Alpenwave > Rechnungen > Jetzt bezahlen", "System > Restart".
// Matches start at the beginning of a word: from every letter of a long word it would be quadratic.
const MENU_PATH = new RegExp(String.raw`(?<![\p{L}\d'’\-])(?:${CAP_RUN}\s*[>›→»]\s*)+(?:${CAP_RUN})?`, 'gu');
// Product names: capitalised words followed by a model number or letter ("Box 5", "Wave Home 100",
// "Wave Mobile M"). Matches that contain a function word ("Sie 3 Sekunden") are left alone.
const PRODUCT_WITH_NUMBER = /(?<![\p{L}\-])(?:\p{Lu}[\p{L}\-]*\s+){1,3}(?:\d[\w.]*|\p{Lu})(?![\p{L}\d])/gu;
// Short quoted UI labels: « Redémarrer », „Neu starten“, "Restart".
const QUOTED_LABEL = /[«„“"‚‘][^«»„“”"\n]{1,40}?[»“”"‘’]/gu;

/**
 * The text with everything that is the same in every language removed, so language detection
 * sees only the prose: citation markers, links, URLs, e-mail addresses, code, menu paths and
 * short quoted labels (UI text is often English inside a French answer), product names (the
 * given ones plus "Capitalised Words 5"), tokens containing digits and all-caps acronyms.
 */
export function stripForLanguageDetection(text: string, { productNames = [] }: { productNames?: string[] } = {}): string {
  let t = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(CITATION_MARKER, ' ')
    // A URL's last character is not sentence punctuation: "see alpenwave.ch/status." keeps its dot.
    .replace(/\b(?:https?:\/\/|www\.)[^\s)]*[^\s).,;:!?'"»”]/gi, ' ')
    .replace(/(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,6}\b(?:\/[^\s)]*[^\s).,;:!?'"»”])?/g, ' ');
  for (const name of [...productNames].filter(Boolean).sort((a, b) => b.length - a.length)) {
    t = t.replace(new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(name)}(?![\\p{L}\\d])`, 'giu'), ' ');
  }
  t = t
    .replace(MENU_PATH, ' ')
    .replace(QUOTED_LABEL, ' ')
    .replace(PRODUCT_WITH_NUMBER, (match) => (match.split(/\s+/).some((w) => isStopword(fold(w))) ? match : ' '))
    .replace(/(?<!\S)\S*\d\S*/g, ' ')
    .replace(/(?<!\p{L})\p{Lu}{2,}(?!\p{L})/gu, ' ')
    .replace(/[*_#>|]+/g, ' ');
  return t.replace(/\s+/g, ' ').trim();
}

/** Fewer letters than this and the reply is "very short": the expected language is the prior. */
const SHORT_REPLY_LETTERS = 40;

/**
 * Whether a reply is in the expected language. Detection runs on stripForLanguageDetection's
 * output; a reply with no prose left (say, only a phone number) matches. Very short replies use
 * the expected language as the prior, so "OK, Box 5." is not counted against the reply.
 */
export function replyLanguageMatches(text: string, expectedLang: string, options: { productNames?: string[] } = {}): boolean {
  const prose = stripForLanguageDetection(text, options);
  const letters = prose.replace(/\P{L}/gu, '').length;
  if (letters === 0) return true;
  const prior = letters < SHORT_REPLY_LETTERS && isLocale(expectedLang) ? expectedLang : undefined;
  return detectLanguage(prose, { prior }) === expectedLang;
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function latency(values: (number | undefined)[]): LatencySummary {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return present.length === 0 ? { p50: null, p95: null } : { p50: percentile(present, 50), p95: percentile(present, 95) };
}

export type AnswerMetricsOptions = { productNames?: string[] };

export function computeAnswerMetrics(results: AnswerResult[], options: AnswerMetricsOptions = {}): AnswerMetrics {
  const answerable = results.filter((r) => r.answerable);
  const unanswerable = results.filter((r) => !r.answerable);
  const answeredAnswerable = answerable.filter((r) => isAnswered(r.outcome));
  const replies = results.filter((r) => r.text.trim().length > 0);
  const withFacts = answerable.filter((r) => (r.facts?.length ?? 0) > 0);
  const missing = withFacts.map((r) => factsMissing(r));

  const cited = results.flatMap((r) => r.citedDocumentIds.map((id) => r.passedDocumentIds.includes(id)));

  return {
    questions: results.length,
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    languageMatch: mean(replies.map((r) => (replyLanguageMatches(r.text, r.lang, options) ? 1 : 0))),
    citationValidity: cited.length === 0 ? 1 : cited.filter(Boolean).length / cited.length,
    citationMatch: mean(
      answeredAnswerable.map((r) =>
        r.citedDocumentIds.some((c) => r.expectedSourceIds.some((e) => sameArticle(c, e))) ? 1 : 0,
      ),
    ),
    abstentionCorrect: mean(unanswerable.map((r) => (isAnswered(r.outcome) ? 0 : 1))),
    falseAbstention: mean(answerable.map((r) => (isAbstention(r.outcome) ? 1 : 0))),
    clarified: mean(answerable.map((r) => (r.outcome === 'clarify' ? 1 : 0))),
    withFacts: withFacts.length,
    keyFactAccuracy: mean(missing.map((m) => (m !== null && m.length === 0 ? 1 : 0))),
    factsStated: mean(withFacts.map((r, i) => (missing[i] === null ? 0 : 1 - missing[i]!.length / r.facts!.length))),
    incomplete: mean(withFacts.map((r, i) => (missing[i] && missing[i]!.length > 0 && missing[i]!.length < r.facts!.length ? 1 : 0))),
    confidentlyWrong: mean(withFacts.map((r, i) => (missing[i] && missing[i]!.length === r.facts!.length ? 1 : 0))),
    tokenOverlapF1: mean(
      answeredAnswerable.filter((r) => r.expectedAnswer?.trim()).map((r) => tokenF1(r.text, r.expectedAnswer ?? '', r.lang)),
    ),
    ttftMs: latency(results.map((r) => r.ttftMs)),
    totalMs: latency(results.map((r) => r.totalMs)),
  };
}

/** One AnswerMetrics per expected language, keys sorted; results without a language go under 'unknown'. */
export function answerMetricsByLanguage(results: AnswerResult[], options: AnswerMetricsOptions = {}): Record<string, AnswerMetrics> {
  const groups = new Map<string, AnswerResult[]>();
  for (const r of results) {
    const lang = r.lang || 'unknown';
    groups.set(lang, [...(groups.get(lang) ?? []), r]);
  }
  const byLanguage: Record<string, AnswerMetrics> = {};
  for (const lang of [...groups.keys()].sort()) byLanguage[lang] = computeAnswerMetrics(groups.get(lang) ?? [], options);
  return byLanguage;
}

// ---------------------------------------------------------------------------------------------
// Report

/** The issue's targets, as fractions. */
export type AnswerTargets = {
  languageMatchMin: number;
  citationValidityMin: number;
  abstentionCorrectMin: number;
  falseAbstentionMax: number;
  keyFactAccuracyMin: number;
  confidentlyWrongMax: number;
};

export const DEFAULT_ANSWER_TARGETS: AnswerTargets = {
  languageMatchMin: 0.98,
  citationValidityMin: 1,
  abstentionCorrectMin: 0.9,
  // Better silent than wrong: declining a little more often is the price of confidently wrong → 0.
  falseAbstentionMax: 0.12,
  keyFactAccuracyMin: 0.85,
  confidentlyWrongMax: 0.05,
};

type Format = 'count' | 'percent' | 'ratio' | 'ms';
type Target = { op: '≥' | '≤'; value: number };
type Row = { label: string; value: (m: AnswerMetrics) => number | null; format: Format; target?: Target };

function rows(targets: AnswerTargets): Row[] {
  return [
    { label: 'Questions', value: (m) => m.questions, format: 'count' },
    { label: 'Answerable', value: (m) => m.answerable, format: 'count' },
    { label: 'Unanswerable', value: (m) => m.unanswerable, format: 'count' },
    { label: 'Language match', value: (m) => m.languageMatch, format: 'percent', target: { op: '≥', value: targets.languageMatchMin } },
    { label: 'Citation validity', value: (m) => m.citationValidity, format: 'percent', target: { op: '≥', value: targets.citationValidityMin } },
    { label: 'Citation match', value: (m) => m.citationMatch, format: 'percent' },
    { label: 'Abstain (unanswerable)', value: (m) => m.abstentionCorrect, format: 'percent', target: { op: '≥', value: targets.abstentionCorrectMin } },
    { label: 'Declined (answerable)', value: (m) => m.falseAbstention, format: 'percent', target: { op: '≤', value: targets.falseAbstentionMax } },
    { label: 'With facts', value: (m) => m.withFacts, format: 'count' },
    { label: 'Key-fact accuracy', value: (m) => m.keyFactAccuracy, format: 'percent', target: { op: '≥', value: targets.keyFactAccuracyMin } },
    { label: 'Facts stated', value: (m) => m.factsStated, format: 'percent' },
    { label: 'Incomplete', value: (m) => m.incomplete, format: 'percent' },
    { label: 'Confidently wrong', value: (m) => m.confidentlyWrong, format: 'percent', target: { op: '≤', value: targets.confidentlyWrongMax } },
    { label: 'Clarifying question', value: (m) => m.clarified, format: 'percent' },
    { label: 'Token F1', value: (m) => m.tokenOverlapF1, format: 'ratio' },
    { label: 'TTFT p50 ms', value: (m) => m.ttftMs.p50, format: 'ms' },
    { label: 'TTFT p95 ms', value: (m) => m.ttftMs.p95, format: 'ms' },
    { label: 'Total p50 ms', value: (m) => m.totalMs.p50, format: 'ms' },
    { label: 'Total p95 ms', value: (m) => m.totalMs.p95, format: 'ms' },
  ];
}

const MISSING = '—';

function formatValue(value: number | null, format: Format): string {
  if (value === null || !Number.isFinite(value)) return MISSING;
  switch (format) {
    case 'count':
      return String(value);
    case 'percent':
      return `${(value * 100).toFixed(1)} %`;
    case 'ratio':
      return value.toFixed(3);
    case 'ms':
      return value.toFixed(1);
  }
}

// Compared in tenths of a percent, as printed, so 0.98 (computed as 49/50) is not a float miss.
function meets(value: number, target: Target): boolean {
  const v = Math.round(value * 1000);
  const t = Math.round(target.value * 1000);
  return target.op === '≥' ? v >= t : v <= t;
}

/** 'PASS' / 'FAIL', or 'n/a' when the metric is undefined for this set (e.g. no unanswerable questions). */
export function targetStatus(value: number | null, target: Target): 'PASS' | 'FAIL' | 'n/a' {
  if (value === null || !Number.isFinite(value)) return 'n/a';
  return meets(value, target) ? 'PASS' : 'FAIL';
}

/** Labels left-aligned, values right-aligned; two spaces between columns (as in ./report). */
function renderTable(lines: string[][], leftAligned: Set<number>): string {
  const widths = (lines[0] ?? []).map((_, i) => Math.max(...lines.map((cells) => (cells[i] ?? '').length)));
  const render = (cells: string[]) =>
    cells.map((cell, i) => (leftAligned.has(i) ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const [header = [], ...body] = lines;
  return [render(header), rule, ...body.map(render)].join('\n').replace(/(?<! ) +$/gm, '');
}

/**
 * A plain-text table: one row per metric, columns overall and each language, then the target
 * and whether the overall figure meets it. Languages that miss a target are listed below.
 */
export function formatAnswerReport(
  overall: AnswerMetrics,
  byLanguage: Record<string, AnswerMetrics>,
  { targets = DEFAULT_ANSWER_TARGETS }: { targets?: AnswerTargets } = {},
): string {
  const langs = Object.keys(byLanguage);
  const all = rows(targets);
  const header = ['Metric', 'overall', ...langs, 'Target', 'Result'];
  const body = all.map((row) => {
    const value = row.value(overall);
    return [
      row.label,
      formatValue(value, row.format),
      ...langs.map((lang) => formatValue(row.value(byLanguage[lang] as AnswerMetrics), row.format)),
      row.target ? `${row.target.op} ${formatValue(row.target.value, row.format)}` : '',
      row.target ? targetStatus(value, row.target) : '',
    ];
  });
  const lastCol = header.length - 1;
  const table = renderTable([header, ...body], new Set([0, lastCol]));

  const targeted = all.filter((row): row is Row & { target: Target } => row.target !== undefined);
  const statuses = targeted.map((row) => targetStatus(row.value(overall), row.target));
  const met = statuses.filter((s) => s === 'PASS').length;
  const judged = statuses.filter((s) => s !== 'n/a').length;
  const lines = [table, '', `Targets met: ${met}/${judged}${judged < targeted.length ? ` (${targeted.length - judged} not applicable)` : ''}.`];
  const misses = langs.flatMap((lang) =>
    targeted
      .filter((row) => targetStatus(row.value(byLanguage[lang] as AnswerMetrics), row.target) === 'FAIL')
      .map((row) => `${lang} ${row.label.toLowerCase()} ${formatValue(row.value(byLanguage[lang] as AnswerMetrics), row.format)}`),
  );
  if (misses.length > 0) lines.push(`Below target by language: ${misses.join('; ')}.`);
  return lines.join('\n');
}
