import { tokenize } from './text';

/**
 * Ages and years the customer states about themselves: "my son is 16", "a phone from 2017". An
 * article states the limit ("an adult (18 years or older)", "phones released since 2019"), never
 * the customer's own number, yet the passage with the limit is the one that answers. So a text gets
 * one term per kind it states a number of (a number of years; a calendar year), and a number the
 * question states of that kind has the term as its alternative — as a city has its country
 * (lib/rag/places.ts). "Box 5" and "Wave Home 1000" state neither and are left alone.
 *
 * Only these two kinds: amounts and shorter durations name a thing more often than they measure
 * one ("a reminder with a CHF 20 fee", "down for 2 days" next to "from the 2nd day"), and reading
 * them as any amount or any number of days lost answers on the evaluation sets (29 Nov).
 */

const PREFIX = '~qty:';
const AGE = 'years';
const CALENDAR_YEAR = 'calendar-year';

// "16 ans", "17 Jahre", "15 year old", "12 anni", "17-jährige": a number of years, folded.
const YEAR_UNITS = new Set(['year', 'years', 'jahr', 'jahre', 'jahren', 'jahrig', 'jahrige', 'jahrigen', 'an', 'ans', 'annee', 'annees', 'anno', 'anni']);
const CALENDAR_YEAR_NUMBER = /^(?:19|20)\d\d$/;
const NUMBER = /^\d+$/;

/** The term a text gets for stating a quantity of this kind. */
export function quantityTerm(kind: string): string {
  return `${PREFIX}${kind}`;
}

export type Quantity = { number: string; kind: string };

/** The quantities a text states, each with its number as written ("16") and its kind. */
export function quantitiesIn(text: string): Quantity[] {
  if (!/\d/.test(text)) return [];
  const words = tokenize(text);
  const found: Quantity[] = [];
  words.forEach((word, i) => {
    if (!NUMBER.test(word)) return;
    const kind = YEAR_UNITS.has(words[i + 1] ?? '') ? AGE : CALENDAR_YEAR_NUMBER.test(word) ? CALENDAR_YEAR : undefined;
    if (kind) found.push({ number: word, kind });
  });
  return found;
}

/** The terms with one more for each kind of quantity the text states. */
export function withQuantities(terms: Set<string>, text: string): Set<string> {
  const kinds = new Set(quantitiesIn(text).map((q) => quantityTerm(q.kind)));
  return kinds.size === 0 ? terms : new Set([...terms, ...kinds]);
}
