import { daysBetween, daysInMonth } from '@/lib/actions/repository/dates';
import type { InvoiceExplanation } from '@/lib/actions/repository';
import { COLON, blocks, bullets, money, formatDay, formatMonth, type Lang, type Texts } from '../format';
import { lineDescription } from './invoice-lines';

/** explain_invoice: the total, each group with its lines, what they mean, and the change to the previous invoice. */

type GroupKind = InvoiceExplanation['groups'][number]['kind'];

const GROUP_LABELS: Texts<Record<GroupKind, string>> = {
  en: { subscription: 'Monthly fees', roaming: 'Roaming', one_off: 'One-off charges', fee: 'Fees', discount: 'Discounts', credit: 'Credits' },
  de: { subscription: 'Monatliche Gebühren', roaming: 'Roaming', one_off: 'Einmalige Kosten', fee: 'Gebühren', discount: 'Rabatte', credit: 'Gutschriften' },
  fr: { subscription: 'Abonnements mensuels', roaming: 'Roaming', one_off: 'Frais uniques', fee: 'Frais', discount: 'Rabais', credit: 'Crédits' },
  it: { subscription: 'Canoni mensili', roaming: 'Roaming', one_off: 'Costi unici', fee: 'Tasse', discount: 'Sconti', credit: 'Accrediti' },
};

type Words = {
  intro: (id: string, issued: string, total: string, month: string) => string;
  meaning: Partial<Record<GroupKind, string>>;
  proRated: (line: string, amount: string, days: number, of: number, from: string, to: string) => string;
  paid: (on: string) => string;
  open: (due: string) => string;
  overdue: (due: string, days: number) => string;
  previous: (diff: string, more: boolean, id: string, total: string) => string;
  samePrevious: (id: string) => string;
};

const T: Texts<Words> = {
  en: {
    intro: (id, issued, total, month) =>
      `Invoice **${id}** of ${issued} comes to **${total}**. It charges the monthly fees for ${month} in advance, plus usage such as calls and roaming from earlier months.`,
    meaning: {
      roaming:
        '**Roaming** is using your phone abroad beyond what your plan includes, charged at pay-per-use rates. It can appear one or two invoices after the trip, because partner networks report it late.',
      fee: '**Fees** are charged for a particular service or event, such as a payment reminder; the line says which.',
      one_off: '**One-off charges** appear once, not every month.',
      discount: '**Discounts** are your bundle discounts; they lower the total every month.',
      credit: '**Credits** are offset against this invoice automatically.',
    },
    proRated: (line, amount, days, of, from, to) =>
      `**${line}** is pro-rated: ${amount} for ${days} of ${of} days, from ${from} (the activation date) to ${to}. The first invoice for a new service charges the part of the month it started in.`,
    paid: (on) => `It was paid on ${on}.`,
    open: (due) => `It is due on ${due} (30 days after the invoice date).`,
    overdue: (due, days) =>
      `It was due on ${due} and is **${days} days overdue**. Reminders follow 10 and 20 days after the due date (the second costs CHF 20); after 30 days, services are restricted until the payment is registered.`,
    previous: (diff, more, id, total) => `That is **${diff} ${more ? 'more' : 'less'}** than the previous invoice ${id} (${total}).`,
    samePrevious: (id) => `That is the same amount as the previous invoice ${id}.`,
  },
  de: {
    intro: (id, issued, total, month) =>
      `Die Rechnung **${id}** vom ${issued} beträgt **${total}**. Sie verrechnet die monatlichen Gebühren für ${month} im Voraus, dazu die Nutzung wie Anrufe und Roaming aus den Vormonaten.`,
    meaning: {
      roaming:
        '**Roaming** ist die Nutzung Ihres Handys im Ausland über das hinaus, was Ihr Abo enthält, und wird nach Verbrauch verrechnet. Es kann erst ein oder zwei Rechnungen nach der Reise erscheinen, weil Partnernetze die Nutzung verspätet melden.',
      fee: '**Gebühren** werden für eine bestimmte Leistung oder ein Ereignis verrechnet, zum Beispiel eine Mahnung; die Zeile sagt, wofür.',
      one_off: '**Einmalige Kosten** erscheinen nur einmal, nicht jeden Monat.',
      discount: '**Rabatte** sind Ihre Kombi-Rabatte; sie senken das Total jeden Monat.',
      credit: '**Gutschriften** werden automatisch mit dieser Rechnung verrechnet.',
    },
    proRated: (line, amount, days, of, from, to) =>
      `**${line}** wird anteilig verrechnet: ${amount} für ${days} von ${of} Tagen, vom ${from} (dem Aktivierungsdatum) bis zum ${to}. Die erste Rechnung für einen neuen Dienst verrechnet den Teil des Monats, in dem er begonnen hat.`,
    paid: (on) => `Sie wurde am ${on} bezahlt.`,
    open: (due) => `Sie ist am ${due} fällig (30 Tage nach dem Rechnungsdatum).`,
    overdue: (due, days) =>
      `Sie war am ${due} fällig und ist seit **${days} Tagen überfällig**. Mahnungen folgen 10 und 20 Tage nach dem Fälligkeitsdatum (die zweite kostet CHF 20); nach 30 Tagen werden die Dienste eingeschränkt, bis die Zahlung eingegangen ist.`,
    previous: (diff, more, id, total) => `Das sind **${diff} ${more ? 'mehr' : 'weniger'}** als bei der vorherigen Rechnung ${id} (${total}).`,
    samePrevious: (id) => `Das ist derselbe Betrag wie bei der vorherigen Rechnung ${id}.`,
  },
  fr: {
    intro: (id, issued, total, month) =>
      `La facture **${id}** du ${issued} s'élève à **${total}**. Elle facture les abonnements de ${month} à l'avance, ainsi que l'utilisation des mois précédents, comme les appels et le roaming.`,
    meaning: {
      roaming:
        "Le **roaming** est l'utilisation de votre téléphone à l'étranger au-delà de ce que comprend votre abonnement, facturée à l'usage. Il peut apparaître une ou deux factures après le voyage, car les réseaux partenaires le signalent avec du retard.",
      fee: 'Les **frais** sont facturés pour une prestation ou un événement précis, par exemple un rappel de paiement ; la ligne indique lequel.',
      one_off: 'Les **frais uniques** apparaissent une seule fois, pas chaque mois.',
      discount: 'Les **rabais** sont vos rabais combinés ; ils réduisent le total chaque mois.',
      credit: 'Les **crédits** sont déduits automatiquement de cette facture.',
    },
    proRated: (line, amount, days, of, from, to) =>
      `**${line}** est facturé au prorata : ${amount} pour ${days} jours sur ${of}, du ${from} (la date d'activation) au ${to}. La première facture d'un nouveau service facture la partie du mois où il a commencé.`,
    paid: (on) => `Elle a été payée le ${on}.`,
    open: (due) => `Elle est payable jusqu'au ${due} (30 jours après la date de facture).`,
    overdue: (due, days) =>
      `Elle était payable le ${due} et est **en retard de ${days} jours**. Des rappels suivent 10 et 20 jours après l'échéance (le deuxième coûte CHF 20) ; après 30 jours, les services sont restreints jusqu'à l'enregistrement du paiement.`,
    previous: (diff, more, id, total) => `C'est **${diff} de ${more ? 'plus' : 'moins'}** que la facture précédente ${id} (${total}).`,
    samePrevious: (id) => `C'est le même montant que la facture précédente ${id}.`,
  },
  it: {
    intro: (id, issued, total, month) =>
      `La fattura **${id}** del ${issued} ammonta a **${total}**. Addebita in anticipo i canoni mensili di ${month}, più l'uso dei mesi precedenti, come chiamate e roaming.`,
    meaning: {
      roaming:
        "Il **roaming** è l'uso del Suo telefono all'estero oltre quanto incluso nel Suo abbonamento, fatturato a consumo. Può comparire una o due fatture dopo il viaggio, perché le reti partner lo comunicano in ritardo.",
      fee: 'Le **tasse** sono addebitate per una prestazione o un evento preciso, per esempio un richiamo di pagamento; la riga indica quale.',
      one_off: 'I **costi unici** compaiono una sola volta, non ogni mese.',
      discount: 'Gli **sconti** sono i Suoi sconti combinati; riducono il totale ogni mese.',
      credit: 'Gli **accrediti** vengono compensati automaticamente con questa fattura.',
    },
    proRated: (line, amount, days, of, from, to) =>
      `**${line}** è calcolato pro rata: ${amount} per ${days} giorni su ${of}, dal ${from} (la data di attivazione) al ${to}. La prima fattura di un nuovo servizio addebita la parte del mese in cui è iniziato.`,
    paid: (on) => `È stata pagata il ${on}.`,
    open: (due) => `Scade il ${due} (30 giorni dopo la data della fattura).`,
    overdue: (due, days) =>
      `Scadeva il ${due} ed è **scaduta da ${days} giorni**. I richiami seguono 10 e 20 giorni dopo la scadenza (il secondo costa CHF 20); dopo 30 giorni i servizi vengono limitati finché il pagamento non è registrato.`,
    previous: (diff, more, id, total) => `Sono **${diff} in ${more ? 'più' : 'meno'}** rispetto alla fattura precedente ${id} (${total}).`,
    samePrevious: (id) => `È lo stesso importo della fattura precedente ${id}.`,
  },
};

export function describeInvoiceExplanation(v: InvoiceExplanation, lang: Lang): string {
  const t = T[lang];
  const { invoice } = v;
  const groups = v.groups.map((g) => {
    const head = `**${GROUP_LABELS[lang][g.kind] ?? g.label}**${COLON[lang]}${money(g.totalCents)}`;
    const lines = bullets(
      g.lines.map((l) => `${lineDescription(l.description, lang)}${COLON[lang]}${money(l.amountCents)}`),
      '  ',
    );
    return `- ${head}${g.lines.length > 0 ? `\n${lines}` : ''}`;
  });
  const meanings = v.groups.map((g) => t.meaning[g.kind]).filter((m): m is string => Boolean(m));
  const proRated = v.groups
    .flatMap((g) => g.lines)
    .filter((l) => l.proRated && l.periodTo)
    .map((l) =>
      t.proRated(
        lineDescription(l.description, lang),
        money(l.amountCents),
        daysBetween(l.periodFrom, l.periodTo ?? l.periodFrom) + 1,
        daysInMonth(l.periodFrom),
        formatDay(l.periodFrom, lang),
        formatDay(l.periodTo ?? l.periodFrom, lang),
      ),
    );
  const status =
    invoice.status === 'paid'
      ? t.paid(formatDay(invoice.paidOn ?? invoice.dueOn, lang))
      : invoice.status === 'overdue'
        ? t.overdue(formatDay(invoice.dueOn, lang), invoice.overdueDays)
        : t.open(formatDay(invoice.dueOn, lang));
  const previous = v.previous
    ? v.previous.differenceCents === 0
      ? t.samePrevious(v.previous.id)
      : t.previous(money(Math.abs(v.previous.differenceCents)), v.previous.differenceCents > 0, v.previous.id, money(v.previous.totalCents))
    : null;
  return blocks([
    t.intro(invoice.id, formatDay(invoice.issuedOn, lang), money(invoice.totalCents), formatMonth(invoice.issuedOn, lang)),
    groups.join('\n'),
    ...meanings,
    ...proRated,
    `${status}${previous ? ` ${previous}` : ''}`,
  ]);
}
