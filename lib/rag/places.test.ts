import { describe, expect, it } from 'vitest';
import { ABROAD, EU_EEA, OTHER_COUNTRIES } from '@/lib/ai/local/country-groups';
import { stem, type TextLanguage } from '@/lib/ai/local/text';
import { placesIn, countryWords, withPlaceCountries, type CorpusUsage } from './places';
import type { ExpandedQuery } from './synonyms';

/** A corpus that uses exactly these words (per language), each in as many chunks as given. */
function corpus(words: Partial<Record<TextLanguage, Record<string, number>>>): CorpusUsage {
  const byStem = Object.fromEntries(
    Object.entries(words).map(([lang, counts]) => [lang, new Map(Object.entries(counts).map(([w, n]) => [stem(w, lang as TextLanguage), n]))]),
  );
  return (term, lang) => byStem[lang]?.get(term) ?? 0;
}

const plain = (text: string): ExpandedQuery => ({ text, alternatives: {}, added: [] });

describe('placesIn', () => {
  it('finds a city by its name, in any case and with or without accents', () => {
    expect(placesIn('if i buy the europe pack will it work in istanbul?')).toEqual([{ words: ['istanbul'], country: 'TR', kind: 'city' }]);
    expect(placesIn('Ich wohne in Zurich')).toEqual([{ words: ['zurich'], country: 'CH', kind: 'city' }]);
    expect(placesIn('Je vis à Genève')).toEqual([{ words: ['geneve'], country: 'CH', kind: 'city' }]);
  });

  it('reads a name of several words as one place ("New York", not "York")', () => {
    expect(placesIn("I'm flying to New York next month")).toEqual([{ words: ['new', 'york'], country: 'US', kind: 'city' }]);
  });

  it('finds countries by their names in the four languages, several words long too', () => {
    expect(placesIn('going to thailand')).toEqual([{ words: ['thailand'], country: 'TH', kind: 'country' }]);
    expect(placesIn('vado negli Stati Uniti')).toEqual([{ words: ['stati', 'uniti'], country: 'US', kind: 'country' }]);
    expect(placesIn('Ferien in Bosnien und Herzegowina')).toEqual([{ words: ['bosnien', 'und', 'herzegowina'], country: 'BA', kind: 'country' }]);
  });

  it('finds nothing in words that are names of the lookup object’s own properties', () => {
    expect(placesIn('constructor toString valueOf hasOwnProperty __proto__')).toEqual([]);
  });

  it('does not read "US" or "UK" as a country (too ambiguous)', () => {
    expect(placesIn('call us from the UK')).toEqual([]);
  });

  it('finds nothing in a message that names no place', () => {
    expect(placesIn('How do I restart my Box 5?')).toEqual([]);
  });
});

describe('countryWords', () => {
  it('takes the one-word name the articles use', () => {
    const usage = corpus({ en: { usa: 3, united: 2, states: 1, turkey: 2 } });
    expect(countryWords('US', 'en', usage)).toEqual([{ word: 'usa', stem: 'usa' }]);
    expect(countryWords('TR', 'en', usage)).toEqual([{ word: 'turkey', stem: stem('turkey', 'en') }]);
  });

  it('takes the telling word of a longer name when the articles use no one-word name', () => {
    // "Stati Uniti d'America": the articles write "Stati Uniti"; "stati" is common, "uniti" is not.
    const usage = corpus({ it: { stati: 9, uniti: 1 } });
    expect(countryWords('US', 'it', usage)).toEqual([{ word: 'uniti', stem: stem('uniti', 'it') }]);
  });

  it('is empty when the articles never name the country', () => {
    expect(countryWords('TH', 'en', corpus({ en: { turkey: 1 } }))).toEqual([]);
  });
});

describe('withPlaceCountries', () => {
  const usage = corpus({ en: { turkey: 2, orange: 5, pack: 4 }, de: { turkei: 2 } });

  it('searches the country too and lets its name stand for the city', () => {
    const widened = withPlaceCountries(plain('will the europe pack work in istanbul?'), 'will the europe pack work in istanbul?', 'en', usage);
    expect(widened.text).toBe('will the europe pack work in istanbul? turkey');
    expect(widened.alternatives).toEqual({ istanbul: [stem('turkey', 'en'), ABROAD] });
    expect(widened.added).toEqual(['turkey']);
  });

  it('uses the country name of the question’s language', () => {
    const widened = withPlaceCountries(plain('Was kostet ein MB in Istanbul?'), 'Was kostet ein MB in Istanbul?', 'de', usage);
    expect(widened.text).toContain('turkei');
  });

  it('leaves a city alone when the articles use its name as a word ("orange" light)', () => {
    const question = 'the light is orange';
    expect(withPlaceCountries(plain(question), question, 'en', usage)).toEqual(plain(question));
  });

  it('reads a country the articles never name, or its city, as one of "all other countries"', () => {
    const question = 'data prices in Bangkok';
    const widened = withPlaceCountries(plain(question), question, 'en', usage);
    expect(widened.alternatives).toEqual({ bangkok: [OTHER_COUNTRIES, ABROAD] });
    expect(widened.text).toBe(question);
    const inGerman = withPlaceCountries(plain('Was kostet ein MB in Japan?'), 'Was kostet ein MB in Japan?', 'de', usage);
    expect(inGerman.alternatives).toEqual({ japan: [OTHER_COUNTRIES, ABROAD] });
  });

  it('searches the words the articles name the rest of the world with, where they use them', () => {
    const rest = corpus({ en: { [stem('countries', 'en')]: 3 }, it: { [stem('paesi', 'it')]: 2, [stem('altri', 'it')]: 5 } });
    expect(withPlaceCountries(plain('data prices in Bangkok'), 'data prices in Bangkok', 'en', rest).text).toBe('data prices in Bangkok other countries');
    const italian = 'a ottobre vado in thailandia, quanto costano i dati?';
    expect(withPlaceCountries(plain(italian), italian, 'it', rest).text).toBe(`${italian} altri paesi`);
    // Not for a country of the EEA, nor where the articles do not use the words.
    expect(withPlaceCountries(plain('data prices in Lisbon'), 'data prices in Lisbon', 'en', rest).text).toBe('data prices in Lisbon');
    expect(withPlaceCountries(plain('data prices in Bangkok'), 'data prices in Bangkok', 'en', usage).text).toBe('data prices in Bangkok');
  });

  it('reads a country of the EEA as one of the "EU/EEA" countries, named in a list or not', () => {
    const eu = corpus({ en: { germany: 3, eu: 4 }, fr: { ue: 4 } });
    const lisbon = withPlaceCountries(plain('data prices in Lisbon'), 'data prices in Lisbon', 'en', eu);
    expect(lisbon.alternatives).toEqual({ lisbon: [EU_EEA, ABROAD] });
    expect(lisbon.text).toBe('data prices in Lisbon eu');
    const portugal = withPlaceCountries(plain('Combien coûte le roaming au Portugal ?'), 'Combien coûte le roaming au Portugal ?', 'fr', eu);
    expect(portugal.alternatives).toEqual({ [stem('portugal', 'fr')]: [EU_EEA, ABROAD] });
    expect(portugal.text).toContain(' ue');
    // Munich is in Germany, which the articles name: both the name and the group stand for it.
    expect(withPlaceCountries(plain('calls to Munich'), 'calls to Munich', 'en', eu).alternatives).toEqual({ [stem('munich', 'en')]: [stem('germany', 'en'), EU_EEA, ABROAD] });
  });

  it('reads a country named in another language as the articles name it ("Türkei" in an English question)', () => {
    const widened = withPlaceCountries(plain('roaming in der Türkei'), 'roaming in der Türkei', 'en', usage);
    expect(widened.alternatives).toEqual({ [stem('turkei', 'en')]: [stem('turkey', 'en'), ABROAD] });
  });

  it('reads any other country than Switzerland, named or not, or a city in one, as "abroad"', () => {
    const named = corpus({ en: { germany: 3, move: 2 } });
    const question = "I'm moving to Germany next summer";
    const widened = withPlaceCountries(plain(question), question, 'en', named);
    // The articles name Germany: its name is searched as it is, and "abroad" stands for it too.
    expect(widened.alternatives).toEqual({ [stem('germany', 'en')]: [ABROAD] });
    expect(widened.text).toBe(question);
    // Our own country is never abroad, nor one of "all other countries" when the articles do not name it.
    expect(withPlaceCountries(plain('I live in Geneva'), 'I live in Geneva', 'en', named).alternatives).toEqual({});
    expect(withPlaceCountries(plain('moving within Switzerland'), 'moving within Switzerland', 'en', named)).toEqual(plain('moving within Switzerland'));
  });

  it('keeps the synonyms already found', () => {
    const expanded: ExpandedQuery = { text: 'router in istanbul box', alternatives: { router: ['box'] }, added: ['box'] };
    const widened = withPlaceCountries(expanded, 'router in istanbul', 'en', usage);
    expect(widened.alternatives).toEqual({ router: ['box'], istanbul: [stem('turkey', 'en'), ABROAD] });
    expect(widened.added).toEqual(['box', 'turkey']);
  });
});
