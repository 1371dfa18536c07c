import type { PlanChangeResult } from '@/lib/actions/repository';
import { blocks, money, moneyDifference, formatDay, type Lang, type Texts } from '../format';
import { yourPlanOfKind } from '../labels';

/** change_plan executed: the new plan, from when, and what it costs. */

type Words = {
  upgradeInternet: (plan: string, to: string, on: string, price: string) => string;
  upgradeNow: (plan: string, to: string, on: string, price: string) => string;
  scheduled: (plan: string, to: string, on: string, price: string, from: string) => string;
  more: (amount: string) => string;
  less: (amount: string) => string;
  same: string;
  total: (diff: string) => string;
  fee: (amount: string) => string;
  proRated: string;
  restart: string;
};

const T: Texts<Words> = {
  en: {
    upgradeInternet: (plan, to, on, price) => `Done: ${plan} changes to **${to}** within 24 hours (from ${on}; ${price}).`,
    upgradeNow: (plan, to, on, price) => `Done: ${plan} is now **${to}**, from ${on} (${price}).`,
    scheduled: (plan, to, on, price, from) => `Done: ${plan} changes to **${to}** on ${on} (${price}). Until then you keep ${from}.`,
    more: (amount) => `${amount} per month more`,
    less: (amount) => `${amount} per month less`,
    same: 'the same monthly price',
    total: (diff) => `Including bundle discounts, your monthly total changes by ${diff}.`,
    fee: (amount) => `A one-off fee of ${amount} applies.`,
    proRated: 'The new price is charged pro-rated from the day of the change.',
    restart: 'A restart of your Box may be needed for the new speed.',
  },
  de: {
    upgradeInternet: (plan, to, on, price) => `Erledigt: ${plan} wechselt innerhalb von 24 Stunden zu **${to}** (ab ${on}; ${price}).`,
    upgradeNow: (plan, to, on, price) => `Erledigt: ${plan} ist ab ${on} **${to}** (${price}).`,
    scheduled: (plan, to, on, price, from) => `Erledigt: ${plan} wechselt am ${on} zu **${to}** (${price}). Bis dahin behalten Sie ${from}.`,
    more: (amount) => `${amount} pro Monat mehr`,
    less: (amount) => `${amount} pro Monat weniger`,
    same: 'gleicher Monatspreis',
    total: (diff) => `Mit den Kombi-Rabatten ändert sich Ihr monatliches Total um ${diff}.`,
    fee: (amount) => `Es fällt eine einmalige Gebühr von ${amount} an.`,
    proRated: 'Der neue Preis wird ab dem Tag des Wechsels anteilig verrechnet.',
    restart: 'Für die neue Geschwindigkeit kann ein Neustart Ihrer Box nötig sein.',
  },
  fr: {
    upgradeInternet: (plan, to, on, price) => `C'est fait : ${plan} passe à **${to}** dans les 24 heures (dès le ${on} ; ${price}).`,
    upgradeNow: (plan, to, on, price) => `C'est fait : ${plan} est désormais **${to}**, dès le ${on} (${price}).`,
    scheduled: (plan, to, on, price, from) => `C'est fait : ${plan} passera à **${to}** le ${on} (${price}). D'ici là, vous gardez ${from}.`,
    more: (amount) => `${amount} de plus par mois`,
    less: (amount) => `${amount} de moins par mois`,
    same: 'le même prix mensuel',
    total: (diff) => `Avec les rabais combinés, votre total mensuel change de ${diff}.`,
    fee: (amount) => `Des frais uniques de ${amount} s'appliquent.`,
    proRated: 'Le nouveau prix est facturé au prorata à partir du jour du changement.',
    restart: 'Un redémarrage de votre Box peut être nécessaire pour la nouvelle vitesse.',
  },
  it: {
    upgradeInternet: (plan, to, on, price) => `Fatto: ${plan} passa a **${to}** entro 24 ore (dal ${on}; ${price}).`,
    upgradeNow: (plan, to, on, price) => `Fatto: ${plan} è ora **${to}**, dal ${on} (${price}).`,
    scheduled: (plan, to, on, price, from) => `Fatto: ${plan} passerà a **${to}** il ${on} (${price}). Fino ad allora mantiene ${from}.`,
    more: (amount) => `${amount} in più al mese`,
    less: (amount) => `${amount} in meno al mese`,
    same: 'lo stesso prezzo mensile',
    total: (diff) => `Con gli sconti combinati, il Suo totale mensile cambia di ${diff}.`,
    fee: (amount) => `Si applica una tassa unica di ${amount}.`,
    proRated: 'Il nuovo prezzo viene addebitato pro rata dal giorno del cambio.',
    restart: 'Per la nuova velocità può essere necessario un riavvio della Sua Box.',
  },
};

export function describePlanChange(v: PlanChangeResult, lang: Lang): string {
  const t = T[lang];
  const diff = v.priceDifferenceCents;
  const price = diff > 0 ? t.more(money(diff)) : diff < 0 ? t.less(money(-diff)) : t.same;
  const plan = yourPlanOfKind(v.kind, lang);
  const on = formatDay(v.effectiveOn, lang);
  const head = v.immediate
    ? v.kind === 'internet'
      ? t.upgradeInternet(plan, v.to.name, on, price)
      : t.upgradeNow(plan, v.to.name, on, price)
    : t.scheduled(plan, v.to.name, on, price, v.from.name);
  return blocks([
    head,
    [
      v.monthlyTotalDifferenceCents !== diff ? t.total(moneyDifference(v.monthlyTotalDifferenceCents)) : null,
      v.feeCents > 0 ? t.fee(money(v.feeCents)) : null,
      v.immediate ? t.proRated : null,
      v.immediate && v.kind === 'internet' ? t.restart : null,
    ]
      .filter(Boolean)
      .join(' '),
  ]);
}
