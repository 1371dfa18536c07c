import type { InvoiceSummary } from '@/lib/actions/repository';
import { blocks, bullets, money, type Lang, type Texts } from '../format';
import { invoiceItem } from './invoice-item';

/** list_invoices: the customer's invoices, newest first. */

const T: Texts<{ none: string; heading: string; open: (amount: string) => string; overdue: string }> = {
  en: {
    none: 'There are no invoices on your account yet.',
    heading: 'Here are your invoices, the newest first:',
    open: (amount) => `Still open in total: **${amount}**.`,
    overdue: 'Please pay overdue invoices soon: after the second reminder a fee of CHF 20 applies, and 30 days after the due date services are restricted.',
  },
  de: {
    none: 'Auf Ihrem Konto gibt es noch keine Rechnungen.',
    heading: 'Hier sind Ihre Rechnungen, die neuste zuerst:',
    open: (amount) => `Insgesamt noch offen: **${amount}**.`,
    overdue:
      'Bitte bezahlen Sie überfällige Rechnungen bald: Für die zweite Mahnung fällt eine Gebühr von CHF 20 an, und 30 Tage nach dem Fälligkeitsdatum werden die Dienste eingeschränkt.',
  },
  fr: {
    none: "Il n'y a pas encore de facture sur votre compte.",
    heading: 'Voici vos factures, de la plus récente à la plus ancienne :',
    open: (amount) => `Montant encore ouvert au total : **${amount}**.`,
    overdue:
      "Veuillez régler rapidement les factures en retard : le deuxième rappel coûte CHF 20, et 30 jours après l'échéance les services sont restreints.",
  },
  it: {
    none: 'Sul Suo conto non ci sono ancora fatture.',
    heading: 'Ecco le Sue fatture, dalla più recente:',
    open: (amount) => `Ancora aperto in totale: **${amount}**.`,
    overdue: 'La preghiamo di pagare presto le fatture scadute: il secondo richiamo costa CHF 20 e 30 giorni dopo la scadenza i servizi vengono limitati.',
  },
};

export function describeInvoices(value: { invoices: InvoiceSummary[] }, lang: Lang): string {
  const t = T[lang];
  if (value.invoices.length === 0) return t.none;
  const unpaid = value.invoices.filter((i) => i.status !== 'paid');
  const openCents = unpaid.reduce((sum, i) => sum + i.totalCents, 0);
  return blocks([
    t.heading,
    bullets(value.invoices.map((i) => invoiceItem(i, lang))),
    unpaid.length > 0 ? t.open(money(openCents)) : null,
    unpaid.some((i) => i.status === 'overdue') ? t.overdue : null,
  ]);
}
