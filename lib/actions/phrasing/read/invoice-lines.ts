import { DAY_LABEL, MONTH_LABEL, type Rule, localizeDayLabel, parseMonthLabel, translate } from '../english';
import { formatMonth, type Lang } from '../format';
import { discountLabel } from '../labels';

/**
 * Invoice line descriptions the company writes itself (lib/actions/seed.ts): "Wave Home 500,
 * Dec 2026", "Wave TV Basic, 15 Nov 2026 to 30 Nov 2026 (pro-rated)", the activation and
 * reminder fees. Other descriptions (roaming usage) are shown as they are.
 */
const RULES: Rule[] = [
  {
    pattern: new RegExp(`^(.+), (${DAY_LABEL}) to (${DAY_LABEL}) \\(pro-rated\\)$`),
    render: ([name = '', from = '', to = ''], lang) => {
      const [a, b] = [localizeDayLabel(from, lang), localizeDayLabel(to, lang)];
      return {
        en: `${name}, ${a} to ${b} (pro-rated)`,
        de: `${name}, ${a} bis ${b} (anteilig)`,
        fr: `${name}, du ${a} au ${b} (au prorata)`,
        it: `${name}, dal ${a} al ${b} (pro rata)`,
      }[lang];
    },
  },
  {
    pattern: new RegExp(`^(.+), (${MONTH_LABEL})$`),
    render: ([name = '', month = ''], lang) => {
      const first = parseMonthLabel(month);
      return `${discountLabel(name, lang)}, ${first ? formatMonth(first, lang) : month}`;
    },
  },
  {
    pattern: /^Activation fee for the new internet connection$/,
    render: (_, lang) =>
      ({
        en: 'Activation fee for the new internet connection',
        de: 'Aktivierungsgebühr für den neuen Internetanschluss',
        fr: 'Frais d’activation du nouveau raccordement internet',
        it: 'Tassa di attivazione del nuovo collegamento internet',
      })[lang],
  },
  {
    pattern: /^Reminder fee: 2nd reminder for invoice (\S+)$/,
    render: ([id = ''], lang) =>
      ({
        en: `Reminder fee: 2nd reminder for invoice ${id}`,
        de: `Mahngebühr: 2. Mahnung für die Rechnung ${id}`,
        fr: `Frais de rappel : 2e rappel pour la facture ${id}`,
        it: `Tassa di richiamo: 2° richiamo per la fattura ${id}`,
      })[lang],
  },
];

export function lineDescription(description: string, lang: Lang): string {
  return translate(description, RULES, lang);
}
