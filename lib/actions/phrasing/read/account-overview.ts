import type { AccountOverview } from '@/lib/actions/repository';
import { type Rule, translateAll } from '../english';
import { COLON, PER_MONTH, blocks, bullets, capitalize, money, formatDay, formatWindow, type Lang, type Texts } from '../format';
import { SERIAL, appointmentKind, deviceStatus, discountLabel, kindName } from '../labels';
import { invoiceItem } from './invoice-item';

/** get_account_overview: plans and what they cost, open invoices, the next visit, the Box. */

type Words = {
  intro: (name: string, number: string) => string;
  plans: string;
  noPlans: string;
  changesTo: (plan: string, on: string) => string;
  total: (amount: string) => string;
  invoices: string;
  noInvoices: string;
  openTotal: (amount: string) => string;
  appointment: string;
  noAppointment: string;
  devices: string;
  device: (model: string, serial: string, status: string, firmware: string) => string;
  restricted: string;
};

const T: Texts<Words> = {
  en: {
    intro: (name, number) => `Here is an overview of your account, ${name} (customer number ${number}).`,
    plans: '**Your plans**',
    noPlans: 'You have no active plans at the moment.',
    changesTo: (plan, on) => `changes to ${plan} on ${on}`,
    total: (amount) => `**Total per month: ${amount}** (usage such as roaming comes on top).`,
    invoices: '**Open invoices**',
    noInvoices: 'You have no open invoices.',
    openTotal: (amount) => `Open in total: **${amount}**.`,
    appointment: '**Next technician appointment**',
    noAppointment: 'You have no technician appointment booked.',
    devices: '**Your Box**',
    device: (model, serial, status, firmware) => `${model} (${serial}): ${status}, firmware ${firmware}`,
    restricted:
      'Your services are restricted because an invoice is more than 30 days overdue: internet is slowed to 1 Mbit/s, outgoing mobile calls, SMS and data and TV are blocked (emergency numbers always work). They are restored within 2 hours after the payment is registered; a reactivation fee of CHF 30 applies.',
  },
  de: {
    intro: (name, number) => `Hier ist die Übersicht über Ihr Konto, ${name} (Kundennummer ${number}).`,
    plans: '**Ihre Abos**',
    noPlans: 'Sie haben zurzeit keine aktiven Abos.',
    changesTo: (plan, on) => `wechselt am ${on} zu ${plan}`,
    total: (amount) => `**Total pro Monat: ${amount}** (Nutzung wie Roaming kommt dazu).`,
    invoices: '**Offene Rechnungen**',
    noInvoices: 'Sie haben keine offenen Rechnungen.',
    openTotal: (amount) => `Insgesamt offen: **${amount}**.`,
    appointment: '**Nächster Technikertermin**',
    noAppointment: 'Sie haben keinen Technikertermin gebucht.',
    devices: '**Ihre Box**',
    device: (model, serial, status, firmware) => `${model} (${serial}): ${status}, Firmware ${firmware}`,
    restricted:
      'Ihre Dienste sind eingeschränkt, weil eine Rechnung mehr als 30 Tage überfällig ist: Das Internet ist auf 1 Mbit/s gedrosselt, ausgehende Anrufe, SMS und mobile Daten sowie TV sind gesperrt (Notrufnummern funktionieren immer). Die Dienste werden innerhalb von 2 Stunden nach Eingang der Zahlung wieder freigeschaltet; dafür fällt eine Reaktivierungsgebühr von CHF 30 an.',
  },
  fr: {
    intro: (name, number) => `Voici un aperçu de votre compte, ${name} (numéro de client ${number}).`,
    plans: '**Vos abonnements**',
    noPlans: "Vous n'avez aucun abonnement actif pour le moment.",
    changesTo: (plan, on) => `passe à ${plan} le ${on}`,
    total: (amount) => `**Total par mois : ${amount}** (l'utilisation comme le roaming s'y ajoute).`,
    invoices: '**Factures ouvertes**',
    noInvoices: "Vous n'avez aucune facture ouverte.",
    openTotal: (amount) => `Total ouvert : **${amount}**.`,
    appointment: '**Prochain rendez-vous avec un technicien**',
    noAppointment: "Vous n'avez pas de rendez-vous avec un technicien.",
    devices: '**Votre Box**',
    device: (model, serial, status, firmware) => `${model} (${serial}) : ${status}, firmware ${firmware}`,
    restricted:
      "Vos services sont restreints, car une facture est en retard de plus de 30 jours : l'internet est ralenti à 1 Mbit/s, les appels, SMS et données mobiles sortants ainsi que la TV sont bloqués (les numéros d'urgence fonctionnent toujours). Ils sont rétablis dans les 2 heures après l'enregistrement du paiement ; des frais de réactivation de CHF 30 s'appliquent.",
  },
  it: {
    intro: (name, number) => `Ecco una panoramica del Suo conto, ${name} (numero cliente ${number}).`,
    plans: '**I Suoi abbonamenti**',
    noPlans: 'Al momento non ha abbonamenti attivi.',
    changesTo: (plan, on) => `passa a ${plan} il ${on}`,
    total: (amount) => `**Totale al mese: ${amount}** (l'uso come il roaming si aggiunge).`,
    invoices: '**Fatture aperte**',
    noInvoices: 'Non ha fatture aperte.',
    openTotal: (amount) => `Totale aperto: **${amount}**.`,
    appointment: '**Prossimo appuntamento con il tecnico**',
    noAppointment: 'Non ha appuntamenti con il tecnico.',
    devices: '**La Sua Box**',
    device: (model, serial, status, firmware) => `${model} (${serial}): ${status}, firmware ${firmware}`,
    restricted:
      'I Suoi servizi sono limitati perché una fattura è scaduta da più di 30 giorni: internet è rallentato a 1 Mbit/s, chiamate, SMS e dati mobili in uscita e la TV sono bloccati (i numeri di emergenza funzionano sempre). Vengono ripristinati entro 2 ore dalla registrazione del pagamento; si applica una tassa di riattivazione di CHF 30.',
  },
};

/** The repository's notes that are said again from structured fields (customer status, pending changes). */
const KNOWN_NOTES: Rule[] = [
  { pattern: /^Your services are restricted/, render: () => null },
  { pattern: /^Your .+ plan changes to .+ on /, render: () => null },
];

export function describeAccountOverview(v: AccountOverview, lang: Lang): string {
  const t = T[lang];
  const plans = v.subscriptions.map((s) => {
    const base = `${s.planName} (${kindName(s.kind, lang)})${COLON[lang]}${money(s.monthlyPriceCents)} ${PER_MONTH[lang]}`;
    return s.pendingChange ? `${base} — ${t.changesTo(s.pendingChange.planName, formatDay(s.pendingChange.effectiveOn, lang))}` : base;
  });
  const discounts = v.monthly.discounts.map((d) => `${discountLabel(d.label, lang)}${COLON[lang]}${money(d.amountCents)}`);
  const appointment = v.nextAppointment;
  const device = v.devices.map((d) => t.device(d.model, `${SERIAL[lang]} ${d.serial}`, deviceStatus(d.status, lang), d.firmware));
  return blocks([
    t.intro(v.customer.name, v.customer.customerNumber),
    v.customer.status === 'restricted' ? `⚠️ ${t.restricted}` : null,
    v.subscriptions.length > 0 ? `${t.plans}\n${bullets([...plans, ...discounts])}\n\n${t.total(money(v.monthly.totalCents))}` : t.noPlans,
    v.openInvoices.length > 0
      ? `${t.invoices}\n${bullets(v.openInvoices.map((i) => invoiceItem(i, lang)))}\n\n${t.openTotal(money(v.openBalanceCents))}`
      : t.noInvoices,
    appointment
      ? `${t.appointment}\n${bullets([`${capitalize(appointmentKind(appointment.kind, lang))}${COLON[lang]}${formatWindow(appointment.slot.startsAt, appointment.slot.endsAt, lang)}`])}`
      : t.noAppointment,
    device.length > 0 ? `${t.devices}\n${bullets(device)}` : null,
    ...translateAll(v.notes, KNOWN_NOTES, lang),
  ]);
}
