import type { InvoiceSummary } from '@/lib/actions/repository';
import { money, formatDay, type Lang, type Texts } from '../format';

/** One invoice as a list item: number, date, amount, due date and status. */

const ITEM: Texts<(id: string, issued: string, amount: string, due: string) => string> = {
  en: (id, issued, amount, due) => `**${id}** of ${issued}: ${amount}, due on ${due}`,
  de: (id, issued, amount, due) => `**${id}** vom ${issued}: ${amount}, fällig am ${due}`,
  fr: (id, issued, amount, due) => `**${id}** du ${issued} : ${amount}, échéance le ${due}`,
  it: (id, issued, amount, due) => `**${id}** del ${issued}: ${amount}, scadenza il ${due}`,
};

const STATUS: Texts<{ paid: (on: string) => string; paidUnknown: string; open: string; overdue: (days: number) => string }> = {
  en: { paid: (on) => `paid on ${on}`, paidUnknown: 'paid', open: 'open', overdue: (days) => `**overdue** by ${days} ${days === 1 ? 'day' : 'days'}` },
  de: { paid: (on) => `bezahlt am ${on}`, paidUnknown: 'bezahlt', open: 'offen', overdue: (days) => `**überfällig** seit ${days} ${days === 1 ? 'Tag' : 'Tagen'}` },
  fr: { paid: (on) => `payée le ${on}`, paidUnknown: 'payée', open: 'ouverte', overdue: (days) => `**en retard** de ${days} ${days === 1 ? 'jour' : 'jours'}` },
  it: { paid: (on) => `pagata il ${on}`, paidUnknown: 'pagata', open: 'aperta', overdue: (days) => `**scaduta** da ${days} ${days === 1 ? 'giorno' : 'giorni'}` },
};

export function invoiceStatus(invoice: Pick<InvoiceSummary, 'status' | 'paidOn' | 'overdueDays'>, lang: Lang): string {
  const t = STATUS[lang];
  if (invoice.status === 'paid') return invoice.paidOn ? t.paid(formatDay(invoice.paidOn, lang)) : t.paidUnknown;
  if (invoice.status === 'overdue') return t.overdue(invoice.overdueDays);
  return t.open;
}

export function invoiceItem(invoice: InvoiceSummary, lang: Lang): string {
  const head = ITEM[lang](invoice.id, formatDay(invoice.issuedOn, lang), money(invoice.totalCents), formatDay(invoice.dueOn, lang));
  return `${head} — ${invoiceStatus(invoice, lang)}`;
}
