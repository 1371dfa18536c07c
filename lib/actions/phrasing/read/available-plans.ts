import { firstOfNextMonth } from '@/lib/actions/repository/dates';
import type { AvailablePlans, PlanOption } from '@/lib/actions/repository';
import { type Rule, translateAll } from '../english';
import { COLON, PER_MONTH, SEMICOLON, blocks, bullets, capitalize, money, moneyDifference, formatDay, type Lang, type Texts } from '../format';
import { kindName } from '../labels';

/** list_available_plans: the current plan(s), what the customer can switch to, and what is not offered at the address. */

type Words = {
  current: string;
  currents: string;
  noCurrent: string;
  pending: (plan: string, on: string) => string;
  options: string;
  optionsOfKind: (kind: string) => string;
  noOptions: string;
  priceMore: (diff: string) => string;
  priceLess: (diff: string) => string;
  priceSame: string;
  upgradeInternet: (on: string) => string;
  upgradeNow: (on: string) => string;
  downgrade: (on: string) => string;
  fee: (amount: string) => string;
  total: (diff: string) => string;
  blockedOverdue: string;
  blockedMonth: (from: string) => string;
  blockedOther: string;
  unavailable: string;
  notInArea: string;
  needsFibre: string;
  overdue: string;
  ask: string;
};

const T: Texts<Words> = {
  en: {
    current: '**Your current plan**',
    currents: '**Your current plans**',
    noCurrent: 'You have no subscription of this kind, so there is no plan to switch; a new subscription can be ordered from our sales team.',
    pending: (plan, on) => `changes to ${plan} on ${on}`,
    options: '**You can switch to**',
    optionsOfKind: (kind) => `**${kind}** — you can switch to:`,
    noOptions: 'There is no other plan of this kind you can switch to at your address.',
    priceMore: (diff) => `${diff} more than now`,
    priceLess: (diff) => `${diff} less than now`,
    priceSame: 'the same price as now',
    upgradeInternet: (on) => `upgrade, active within 24 hours (from ${on})`,
    upgradeNow: (on) => `upgrade, active immediately (${on})`,
    downgrade: (on) => `downgrade, from ${on}`,
    fee: (amount) => `one-off fee ${amount}`,
    total: (diff) => `your monthly total incl. discounts changes by ${diff}`,
    blockedOverdue: 'not possible right now: an invoice is more than 30 days overdue',
    blockedMonth: (from) => `not possible right now: this plan was already changed this month, the next change is possible from ${from}`,
    blockedOther: 'not possible right now',
    unavailable: '**Not offered at your address**',
    notInArea: 'not offered in your area',
    needsFibre: 'needs a fibre connection, which your address does not have yet',
    overdue: 'Plan changes are not possible while an invoice is more than 30 days overdue. Once it is paid, you can change your plan.',
    ask: 'Tell me which plan you would like, and I will prepare the change for you to approve.',
  },
  de: {
    current: '**Ihr aktuelles Abo**',
    currents: '**Ihre aktuellen Abos**',
    noCurrent: 'Sie haben kein Abo dieser Art, daher gibt es kein Abo zu wechseln; ein neues Abo können Sie bei unserem Verkaufsteam bestellen.',
    pending: (plan, on) => `wechselt am ${on} zu ${plan}`,
    options: '**Sie können wechseln zu**',
    optionsOfKind: (kind) => `**${kind}** — Sie können wechseln zu:`,
    noOptions: 'An Ihrer Adresse gibt es kein anderes Abo dieser Art, zu dem Sie wechseln können.',
    priceMore: (diff) => `${diff} mehr als heute`,
    priceLess: (diff) => `${diff} weniger als heute`,
    priceSame: 'gleicher Preis wie heute',
    upgradeInternet: (on) => `Upgrade, aktiv innerhalb von 24 Stunden (ab ${on})`,
    upgradeNow: (on) => `Upgrade, sofort aktiv (${on})`,
    downgrade: (on) => `Downgrade, ab ${on}`,
    fee: (amount) => `einmalige Gebühr ${amount}`,
    total: (diff) => `Ihr monatliches Total inkl. Rabatte ändert sich um ${diff}`,
    blockedOverdue: 'zurzeit nicht möglich: Eine Rechnung ist mehr als 30 Tage überfällig',
    blockedMonth: (from) => `zurzeit nicht möglich: Dieses Abo wurde diesen Monat schon gewechselt, der nächste Wechsel ist ab ${from} möglich`,
    blockedOther: 'zurzeit nicht möglich',
    unavailable: '**An Ihrer Adresse nicht verfügbar**',
    notInArea: 'in Ihrer Region nicht verfügbar',
    needsFibre: 'braucht einen Glasfaseranschluss, den Ihre Adresse noch nicht hat',
    overdue: 'Solange eine Rechnung mehr als 30 Tage überfällig ist, sind keine Abowechsel möglich. Sobald sie bezahlt ist, können Sie Ihr Abo wechseln.',
    ask: 'Sagen Sie mir, welches Abo Sie möchten, dann bereite ich den Wechsel zur Bestätigung vor.',
  },
  fr: {
    current: '**Votre abonnement actuel**',
    currents: '**Vos abonnements actuels**',
    noCurrent: "Vous n'avez pas d'abonnement de ce type, il n'y a donc pas d'abonnement à changer ; un nouvel abonnement peut être commandé auprès de notre équipe de vente.",
    pending: (plan, on) => `passe à ${plan} le ${on}`,
    options: '**Vous pouvez passer à**',
    optionsOfKind: (kind) => `**${kind}** — vous pouvez passer à :`,
    noOptions: "Il n'y a pas d'autre abonnement de ce type disponible à votre adresse.",
    priceMore: (diff) => `${diff} de plus qu'aujourd'hui`,
    priceLess: (diff) => `${diff} de moins qu'aujourd'hui`,
    priceSame: "le même prix qu'aujourd'hui",
    upgradeInternet: (on) => `mise à niveau, active dans les 24 heures (dès le ${on})`,
    upgradeNow: (on) => `mise à niveau, active immédiatement (${on})`,
    downgrade: (on) => `passage à un abonnement inférieur, dès le ${on}`,
    fee: (amount) => `frais uniques de ${amount}`,
    total: (diff) => `votre total mensuel, rabais compris, change de ${diff}`,
    blockedOverdue: "pas possible pour le moment : une facture est en retard de plus de 30 jours",
    blockedMonth: (from) => `pas possible pour le moment : cet abonnement a déjà été changé ce mois-ci, le prochain changement est possible dès le ${from}`,
    blockedOther: 'pas possible pour le moment',
    unavailable: '**Pas disponible à votre adresse**',
    notInArea: "pas proposé dans votre région",
    needsFibre: "nécessite un raccordement à la fibre, que votre adresse n'a pas encore",
    overdue: "Les changements d'abonnement ne sont pas possibles tant qu'une facture est en retard de plus de 30 jours. Dès qu'elle est payée, vous pouvez changer votre abonnement.",
    ask: "Dites-moi quel abonnement vous souhaitez, et je prépare le changement pour que vous puissiez le confirmer.",
  },
  it: {
    current: '**Il Suo abbonamento attuale**',
    currents: '**I Suoi abbonamenti attuali**',
    noCurrent: 'Non ha un abbonamento di questo tipo, quindi non c’è un abbonamento da cambiare; un nuovo abbonamento si può ordinare presso il nostro team di vendita.',
    pending: (plan, on) => `passa a ${plan} il ${on}`,
    options: '**Può passare a**',
    optionsOfKind: (kind) => `**${kind}** — può passare a:`,
    noOptions: 'Al Suo indirizzo non c’è un altro abbonamento di questo tipo a cui passare.',
    priceMore: (diff) => `${diff} in più di oggi`,
    priceLess: (diff) => `${diff} in meno di oggi`,
    priceSame: 'lo stesso prezzo di oggi',
    upgradeInternet: (on) => `upgrade, attivo entro 24 ore (dal ${on})`,
    upgradeNow: (on) => `upgrade, attivo subito (${on})`,
    downgrade: (on) => `downgrade, dal ${on}`,
    fee: (amount) => `tassa unica di ${amount}`,
    total: (diff) => `il Suo totale mensile con gli sconti cambia di ${diff}`,
    blockedOverdue: 'al momento non possibile: una fattura è scaduta da più di 30 giorni',
    blockedMonth: (from) => `al momento non possibile: questo abbonamento è già stato cambiato questo mese, il prossimo cambio è possibile dal ${from}`,
    blockedOther: 'al momento non possibile',
    unavailable: '**Non disponibile al Suo indirizzo**',
    notInArea: 'non offerto nella Sua regione',
    needsFibre: 'richiede un collegamento in fibra, che il Suo indirizzo non ha ancora',
    overdue: 'Non è possibile cambiare abbonamento finché una fattura è scaduta da più di 30 giorni. Appena è pagata, può cambiare il Suo abbonamento.',
    ask: 'Mi dica quale abbonamento desidera e preparo il cambio da confermare.',
  },
};

/** The repository's notes that are said from structured fields: the overdue block, "no subscription of that kind". */
const KNOWN_NOTES: Rule[] = [
  { pattern: /^Plan changes are not possible while an invoice/, render: (_, lang) => T[lang].overdue },
  { pattern: /^You have no .+ subscription/, render: (_, lang) => T[lang].noCurrent },
];

function optionLine(o: PlanOption, lang: Lang): string {
  const t = T[lang];
  const diff = o.priceDifferenceCents;
  const price = `${money(o.monthlyPriceCents)} ${PER_MONTH[lang]} (${diff > 0 ? t.priceMore(money(diff)) : diff < 0 ? t.priceLess(money(-diff)) : t.priceSame})`;
  const on = formatDay(o.effectiveOn, lang);
  const parts = [o.direction === 'upgrade' ? (o.kind === 'internet' ? t.upgradeInternet(on) : t.upgradeNow(on)) : t.downgrade(on)];
  if (o.feeCents > 0) parts.push(t.fee(money(o.feeCents)));
  if (o.monthlyTotalDifferenceCents !== o.priceDifferenceCents) parts.push(t.total(moneyDifference(o.monthlyTotalDifferenceCents)));
  if (o.changeBlocked) {
    const next = o.direction === 'upgrade' ? firstOfNextMonth(o.effectiveOn) : o.effectiveOn;
    parts.push(
      o.changeBlocked.reason === 'overdue_invoice'
        ? t.blockedOverdue
        : o.changeBlocked.reason === 'plan_change_this_month'
          ? t.blockedMonth(formatDay(next, lang))
          : t.blockedOther,
    );
  }
  return `**${o.name}**${COLON[lang]}${price}${SEMICOLON[lang]}${parts.join(SEMICOLON[lang])}\n  _${o.summary}_`;
}

/** The options, under one heading per plan kind when they are of several kinds. */
function describeOptions(options: PlanOption[], lang: Lang): string {
  const t = T[lang];
  const kinds = [...new Set(options.map((o) => o.kind))];
  if (kinds.length === 1) return `${t.options}\n${bullets(options.map((o) => optionLine(o, lang)))}`;
  return kinds
    .map((kind) => `${t.optionsOfKind(capitalize(kindName(kind, lang)))}\n${bullets(options.filter((o) => o.kind === kind).map((o) => optionLine(o, lang)))}`)
    .join('\n\n');
}

export function describeAvailablePlans(v: AvailablePlans, lang: Lang): string {
  const t = T[lang];
  const current = v.current.map((c) => {
    const base = `${c.name} (${kindName(c.kind, lang)})${COLON[lang]}${money(c.monthlyPriceCents)} ${PER_MONTH[lang]}`;
    return c.pending ? `${base} — ${t.pending(c.pending.name, formatDay(c.pending.effectiveOn, lang))}` : base;
  });
  const unavailable = v.unavailable.map((u) => `${u.name} (${money(u.monthlyPriceCents)} ${PER_MONTH[lang]})${COLON[lang]}${/fibre/i.test(u.message) ? t.needsFibre : t.notInArea}`);
  const notes = translateAll(v.notes, KNOWN_NOTES, lang);
  const anyOpen = v.options.some((o) => !o.changeBlocked);
  return blocks([
    current.length > 0 ? `${current.length > 1 ? t.currents : t.current}\n${bullets(current)}` : notes.includes(t.noCurrent) ? null : t.noCurrent,
    ...notes,
    current.length > 0 ? (v.options.length > 0 ? describeOptions(v.options, lang) : t.noOptions) : null,
    unavailable.length > 0 ? `${t.unavailable}\n${bullets(unavailable)}` : null,
    anyOpen ? t.ask : null,
  ]);
}
