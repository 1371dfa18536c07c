import { isWriteTool } from '@/lib/domain/account-tools';
import type { InvoiceSummary } from '@/lib/actions/repository';
import { COLON, PER_MONTH, bullets, money, formatDay, formatWindow, type Lang, type Texts } from './format';
import { ACTION_NAMES } from './labels';
import { invoiceItem } from './read/invoice-item';

/**
 * A refusal's alternatives, recognised by shape: free slots (SlotView), plans that are offered,
 * invoices (blocking or recent), and write tools the customer can ask for instead. Anything else
 * is left out.
 */

type Obj = Record<string, unknown>;
const isRecord = (x: unknown): x is Obj => typeof x === 'object' && x !== null;
const str = (x: unknown): x is string => typeof x === 'string';
const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

type Kind = 'slots' | 'plans' | 'invoices' | 'actions';

const HEADINGS: Texts<Record<Kind, string>> = {
  en: { slots: 'These are the nearest free slots:', plans: 'These plans are offered at your address:', invoices: 'Your invoices:', actions: 'I can also:' },
  de: { slots: 'Das sind die nächsten freien Termine:', plans: 'Diese Abos sind an Ihrer Adresse verfügbar:', invoices: 'Ihre Rechnungen:', actions: 'Ich kann auch:' },
  fr: { slots: 'Voici les créneaux libres les plus proches :', plans: 'Ces abonnements sont disponibles à votre adresse :', invoices: 'Vos factures :', actions: 'Je peux aussi :' },
  it: { slots: 'Ecco le fasce orarie libere più vicine:', plans: 'Questi abbonamenti sono disponibili al Suo indirizzo:', invoices: 'Le Sue fatture:', actions: 'Posso anche:' },
};

const ISSUED: Texts<(id: string, on: string, amount: string) => string> = {
  en: (id, on, amount) => `**${id}** of ${on}: ${amount}`,
  de: (id, on, amount) => `**${id}** vom ${on}: ${amount}`,
  fr: (id, on, amount) => `**${id}** du ${on} : ${amount}`,
  it: (id, on, amount) => `**${id}** del ${on}: ${amount}`,
};

function classify(item: unknown, lang: Lang): { kind: Kind; text: string } | null {
  if (str(item)) return isWriteTool(item) ? { kind: 'actions', text: ACTION_NAMES[lang][item] } : null;
  if (!isRecord(item)) return null;
  if (str(item.startsAt) && str(item.endsAt)) return { kind: 'slots', text: formatWindow(item.startsAt, item.endsAt, lang) };
  if (str(item.name) && num(item.monthlyPriceCents)) return { kind: 'plans', text: `${item.name}${COLON[lang]}${money(item.monthlyPriceCents)} ${PER_MONTH[lang]}` };
  if (str(item.id) && num(item.totalCents) && str(item.issuedOn)) {
    if (str(item.dueOn) && str(item.status) && num(item.overdueDays)) return { kind: 'invoices', text: invoiceItem(item as unknown as InvoiceSummary, lang) };
    return { kind: 'invoices', text: ISSUED[lang](item.id, formatDay(item.issuedOn, lang), money(item.totalCents)) };
  }
  return null;
}

/** The alternatives as headed Markdown lists (one per kind, in order of first appearance; slots by time); '' when there are none. */
export function describeAlternatives(alternatives: readonly unknown[] | undefined, lang: Lang): string {
  const groups = new Map<Kind, { text: string; order: number }[]>();
  (alternatives ?? []).forEach((item, index) => {
    const c = classify(item, lang);
    if (!c) return;
    const list = groups.get(c.kind) ?? [];
    // Slots come nearest-first; a list reads better in calendar order.
    const order = c.kind === 'slots' && isRecord(item) && str(item.startsAt) ? Date.parse(item.startsAt) : index;
    if (!list.some((e) => e.text === c.text)) list.push({ text: c.text, order });
    groups.set(c.kind, list);
  });
  return [...groups.entries()]
    .map(([kind, entries]) => `${HEADINGS[lang][kind]}\n${bullets([...entries].sort((a, b) => a.order - b.order).map((e) => e.text))}`)
    .join('\n\n');
}

/** The `changeAllowedFrom` day a plan_change_this_month refusal carries, if any. */
export function changeAllowedFrom(alternatives: readonly unknown[] | undefined): string | null {
  for (const item of alternatives ?? []) if (isRecord(item) && str(item.changeAllowedFrom)) return item.changeAllowedFrom;
  return null;
}
