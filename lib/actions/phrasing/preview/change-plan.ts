import { MONEY_LABEL, DAY_LABEL, KIND_FROM_LABEL, exact, localizeDayLabel, type Rule } from '../english';
import { type Lang } from '../format';
import { discountLabel, kindName, yourPlanOfKind } from '../labels';
import type { PreviewRules } from './rules';

/** lib/actions/repository/plans.ts previewChangePlan(). */

const day = (label: string, lang: Lang) => localizeDayLabel(label, lang);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const title: Rule = {
  pattern: /^(Upgrade|Downgrade) your (internet|mobile|TV|landline) plan to (.+)$/,
  render: ([verb = '', kindLabel = '', plan = ''], lang) => {
    const kind = KIND_FROM_LABEL[kindLabel] ?? kindLabel;
    const up = verb === 'Upgrade';
    switch (lang) {
      case 'en':
        return `${verb} your ${kindLabel} plan to ${plan}`;
      case 'de':
        return `${up ? 'Upgrade' : 'Downgrade'}: ${kindName(kind, lang)}-Abo auf ${plan} wechseln`;
      case 'fr':
        return `Passer ${yourPlanOfKind(kind, lang)} à ${plan} (${up ? 'mise à niveau' : 'abonnement inférieur'})`;
      case 'it':
        return `Passare ${yourPlanOfKind(kind, lang)} a ${plan} (${up ? 'upgrade' : 'downgrade'})`;
    }
  },
};

export const CHANGE_PLAN_PREVIEW: PreviewRules = {
  title: [title],
  label: [
    exact('Plan', { de: 'Abo', fr: 'Abonnement', it: 'Abbonamento' }),
    exact('Monthly price', { de: 'Monatspreis', fr: 'Prix mensuel', it: 'Prezzo mensile' }),
    exact('Monthly difference', { de: 'Monatliche Differenz', fr: 'Différence mensuelle', it: 'Differenza mensile' }),
    exact('Takes effect', { de: 'Gültig ab', fr: 'Prend effet', it: 'In vigore' }),
    exact('Monthly total incl. discounts', { de: 'Monatliches Total inkl. Rabatte', fr: 'Total mensuel, rabais compris', it: 'Totale mensile con sconti' }),
    exact('One-off fee', { de: 'Einmalige Gebühr', fr: 'Frais uniques', it: 'Tassa unica' }),
  ],
  value: [
    {
      pattern: new RegExp(`^On (${DAY_LABEL})$`),
      render: ([d = ''], lang) => ({ en: `On ${d}`, de: `Am ${day(d, lang)}`, fr: `Le ${day(d, lang)}`, it: `Il ${day(d, lang)}` })[lang],
    },
    {
      pattern: new RegExp(`^Within 24 hours \\(from (${DAY_LABEL})\\)$`),
      render: ([d = ''], lang) =>
        ({
          en: `Within 24 hours (from ${d})`,
          de: `Innerhalb von 24 Stunden (ab ${day(d, lang)})`,
          fr: `Dans les 24 heures (dès le ${day(d, lang)})`,
          it: `Entro 24 ore (dal ${day(d, lang)})`,
        })[lang],
    },
    {
      pattern: new RegExp(`^Immediately \\((${DAY_LABEL})\\)$`),
      render: ([d = ''], lang) => ({ en: `Immediately (${d})`, de: `Sofort (${day(d, lang)})`, fr: `Immédiatement (${day(d, lang)})`, it: `Subito (${day(d, lang)})` })[lang],
    },
  ],
  notes: [
    exact('The new price is charged pro-rated from the day of the change; the upgrade is free of charge.', {
      de: 'Der neue Preis wird ab dem Tag des Wechsels anteilig verrechnet; das Upgrade ist kostenlos.',
      fr: "Le nouveau prix est facturé au prorata à partir du jour du changement ; la mise à niveau est gratuite.",
      it: "Il nuovo prezzo viene addebitato pro rata dal giorno del cambio; l'upgrade è gratuito.",
    }),
    exact('A restart of your Box may be needed for the new speed.', {
      de: 'Für die neue Geschwindigkeit kann ein Neustart Ihrer Box nötig sein.',
      fr: 'Un redémarrage de votre Box peut être nécessaire pour la nouvelle vitesse.',
      it: 'Per la nuova velocità può essere necessario un riavvio della Sua Box.',
    }),
    {
      pattern: new RegExp(`^Your minimum term \\(until (${DAY_LABEL})\\) does not restart\\.$`),
      render: ([d = ''], lang) =>
        ({
          en: `Your minimum term (until ${d}) does not restart.`,
          de: `Ihre Mindestvertragsdauer (bis ${day(d, lang)}) beginnt nicht von vorne.`,
          fr: `Votre durée minimale (jusqu'au ${day(d, lang)}) ne recommence pas.`,
          it: `La Sua durata minima (fino al ${day(d, lang)}) non ricomincia.`,
        })[lang],
    },
    {
      pattern: new RegExp(`^You keep (.+) until the end of the month; the new plan starts on (${DAY_LABEL})\\.$`),
      render: ([plan = '', d = ''], lang) =>
        ({
          en: `You keep ${plan} until the end of the month; the new plan starts on ${d}.`,
          de: `Sie behalten ${plan} bis Ende Monat; das neue Abo beginnt am ${day(d, lang)}.`,
          fr: `Vous gardez ${plan} jusqu'à la fin du mois ; le nouvel abonnement commence le ${day(d, lang)}.`,
          it: `Mantiene ${plan} fino alla fine del mese; il nuovo abbonamento inizia il ${day(d, lang)}.`,
        })[lang],
    },
    {
      pattern: new RegExp(`^A one-off fee of (${MONEY_LABEL}) applies because the downgrade takes effect within your minimum term \\(until (${DAY_LABEL})\\)\\.$`),
      render: ([fee = '', d = ''], lang) =>
        ({
          en: `A one-off fee of ${fee} applies because the downgrade takes effect within your minimum term (until ${d}).`,
          de: `Es fällt eine einmalige Gebühr von ${fee} an, weil das Downgrade innerhalb Ihrer Mindestvertragsdauer (bis ${day(d, lang)}) wirksam wird.`,
          fr: `Des frais uniques de ${fee} s'appliquent, car le changement prend effet pendant votre durée minimale (jusqu'au ${day(d, lang)}).`,
          it: `Si applica una tassa unica di ${fee}, perché il downgrade entra in vigore durante la Sua durata minima (fino al ${day(d, lang)}).`,
        })[lang],
    },
    exact('The change is free of charge.', { de: 'Der Wechsel ist kostenlos.', fr: 'Le changement est gratuit.', it: 'Il cambio è gratuito.' }),
    {
      pattern: new RegExp(`^The (.+) \\((${MONEY_LABEL}) a month\\) ends with this change\\.$`),
      render: ([label = '', amount = ''], lang) =>
        ({
          en: `The ${label} (${amount} a month) ends with this change.`,
          de: `Der ${discountLabel(label, lang)} (${amount} pro Monat) endet mit diesem Wechsel.`,
          fr: `Le ${lowerFirst(discountLabel(label, lang))} (${amount} par mois) prend fin avec ce changement.`,
          it: `Lo ${lowerFirst(discountLabel(label, lang))} (${amount} al mese) termina con questo cambio.`,
        })[lang],
    },
    exact('Wave Fiber 10G needs the Alpenwave Box 5; we send you one free of charge with this plan.', {
      de: 'Wave Fiber 10G braucht die Alpenwave Box 5; wir senden Ihnen mit diesem Abo kostenlos eine zu.',
      fr: 'Wave Fiber 10G nécessite la Box 5 Alpenwave ; nous vous en envoyons une gratuitement avec cet abonnement.',
      it: 'Wave Fiber 10G richiede la Box 5 Alpenwave; Gliene inviamo una gratuitamente con questo abbonamento.',
    }),
    {
      pattern: new RegExp(`^A plan can be changed once per calendar month: the next change is possible from (${DAY_LABEL})\\.$`),
      render: ([d = ''], lang) =>
        ({
          en: `A plan can be changed once per calendar month: the next change is possible from ${d}.`,
          de: `Ein Abo kann einmal pro Kalendermonat gewechselt werden: Der nächste Wechsel ist ab ${day(d, lang)} möglich.`,
          fr: `Un abonnement peut être changé une fois par mois civil : le prochain changement est possible dès le ${day(d, lang)}.`,
          it: `Un abbonamento si può cambiare una volta per mese civile: il prossimo cambio è possibile dal ${day(d, lang)}.`,
        })[lang],
    },
  ],
};
