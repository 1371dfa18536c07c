import { describe, expect, it } from 'vitest';
import { OTHER_COUNTRIES, speaksOfOtherCountries, withOtherCountries } from './other-countries';

describe('speaksOfOtherCountries', () => {
  it('recognises "all other countries" and "the rest of the world" in the four languages', () => {
    for (const text of ['Zone 3 | All other countries', 'rest of the world', 'Alle übrigen Länder', 'alle anderen Länder', 'Tous les autres pays', 'reste du monde', 'Tutti gli altri Paesi', 'resto del mondo']) {
      expect(speaksOfOtherCountries(text), text).toBe(true);
    }
  });

  it('does not take a list of named countries or "countries" alone for it', () => {
    for (const text of ['EU/EEA countries (e.g. Germany, France)', 'Länder der EU', 'les pays voisins', 'other devices']) {
      expect(speaksOfOtherCountries(text), text).toBe(false);
    }
  });
});

describe('withOtherCountries', () => {
  it('adds the term only to a passage that speaks of all other countries', () => {
    expect(withOtherCountries(new Set(['zone', '3']), 'Zone 3 | All other countries')).toEqual(new Set(['zone', '3', OTHER_COUNTRIES]));
    const terms = new Set(['zone', '1']);
    expect(withOtherCountries(terms, 'Zone 1 | EU/EEA countries')).toBe(terms);
  });
});
