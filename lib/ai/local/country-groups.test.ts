import { describe, expect, it } from 'vitest';
import { ABROAD, EU_EEA, isCountryGroup, OTHER_COUNTRIES, speaksOfAbroad, speaksOfEuEea, speaksOfOtherCountries, withCountryGroups, withoutAbroadWhereNamed } from './country-groups';

describe('speaksOfOtherCountries', () => {
  it('recognises "all other countries" and "the rest of the world" in the four languages', () => {
    for (const text of ['Zone 3 | All other countries', 'rest of the world', 'Alle übrigen Länder', 'alle anderen Länder', 'Tous les autres pays', 'reste du monde', 'Tutti gli altri Paesi', 'resto del mondo']) {
      expect(speaksOfOtherCountries(text), text).toBe(true);
    }
  });

  it('takes "other countries" for the group where it stands as a name, not as the object of a sentence', () => {
    expect(speaksOfOtherCountries('| Other countries | See price list |')).toBe(true);
    expect(speaksOfOtherCountries('Zone 3 (other countries)')).toBe(true);
    expect(speaksOfOtherCountries('| International calls | Calls from Switzerland to other countries |')).toBe(false);
    expect(speaksOfOtherCountries('Appels depuis la Suisse vers des autres pays')).toBe(false);
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

describe('speaksOfAbroad', () => {
  it('recognises "abroad" as the four languages write it', () => {
    for (const text of ['Moving abroad', 'outside Switzerland', 'Umzug ins Ausland', 'Auslandaufenthalt', "Déménagement à l'étranger", "Trasloco all'estero"]) {
      expect(speaksOfAbroad(text), text).toBe(true);
    }
  });

  it('does not take a country or a border region for it', () => {
    for (const text of ['Zone 1: Germany, France', 'in border regions such as Geneva', 'les étrangères', 'Moving house']) {
      expect(speaksOfAbroad(text), text).toBe(false);
    }
  });
});

describe('withoutAbroadWhereNamed', () => {
  const alternatives = { germani: [ABROAD], lisbon: [EU_EEA, ABROAD], box: ['router'] };

  it('keeps "abroad" for a country no passage names', () => {
    expect(withoutAbroadWhereNamed(alternatives, () => false)).toBe(alternatives);
  });

  it('drops "abroad" where a passage names the country or its group, and leaves other synonyms alone', () => {
    const pool = new Set(['germani', 'zone']);
    const named = (term: string, specific: string[]) => pool.has(term) || specific.some((s) => pool.has(s));
    expect(withoutAbroadWhereNamed(alternatives, named)).toEqual({ germani: [], lisbon: [EU_EEA, ABROAD], box: ['router'] });
    pool.add(EU_EEA);
    expect(withoutAbroadWhereNamed(alternatives, named)).toEqual({ germani: [], lisbon: [EU_EEA], box: ['router'] });
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
    expect([OTHER_COUNTRIES, EU_EEA, ABROAD, 'countries'].map(isCountryGroup)).toEqual([true, true, true, false]);
  });
});
