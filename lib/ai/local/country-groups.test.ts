import { describe, expect, it } from 'vitest';
import { EU_EEA, isCountryGroup, OTHER_COUNTRIES, speaksOfEuEea, speaksOfOtherCountries, withCountryGroups } from './country-groups';

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

describe('speaksOfEuEea', () => {
  it('recognises the EU and the EEA as the four languages write them', () => {
    for (const text of ['Calls to Zone 1 landlines (EU/EEA, UK)', 'EU/EWR-Länder (z. B. Deutschland)', "Pays de l'UE/EEE", 'Paesi UE/SEE', 'in the European Union', 'in der Europäischen Union', "dans l'Union européenne", "nell'Unione europea"]) {
      expect(speaksOfEuEea(text), text).toBe(true);
    }
  });

  it('does not take the same letters as words for it ("see", "eu" in lower case)', () => {
    for (const text of ['See the price list', 'Vedere la tabella, see also', 'il eu faut', 'Europe pack']) {
      expect(speaksOfEuEea(text), text).toBe(false);
    }
  });
});

describe('withCountryGroups', () => {
  it('adds the term of each group the passage speaks of, and only then', () => {
    expect(withCountryGroups(new Set(['zone', '3']), 'Zone 3 | All other countries')).toEqual(new Set(['zone', '3', OTHER_COUNTRIES]));
    expect(withCountryGroups(new Set(['zone', '1']), 'Zone 1 | EU/EEA countries')).toEqual(new Set(['zone', '1', EU_EEA]));
    const terms = new Set(['zone', '2']);
    expect(withCountryGroups(terms, 'Zone 2 | USA, Canada, Turkey')).toBe(terms);
  });

  it('tells group terms from words', () => {
    expect([OTHER_COUNTRIES, EU_EEA, 'countries'].map(isCountryGroup)).toEqual([true, true, false]);
  });
});
