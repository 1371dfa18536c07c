import { ABROAD, EU_EEA, OTHER_COUNTRIES } from '@/lib/ai/local/country-groups';
import { fold, isStopword, termOf, tokenize, type TextLanguage } from '@/lib/ai/local/text';
import gazetteer from './gazetteer.json';
import type { ExpandedQuery } from './synonyms';

/**
 * Places read as their country. Articles key prices and rules on countries ("Zone 2 | USA,
 * Canada, Turkey, …"); customers name the city they travel to or live in ("will the Europe pack
 * work in Istanbul?"). A city the articles never mention counts as its country's name where
 * passages are weighed against the question — the way a synonym does — so the zone row answers.
 * The gazetteer (lib/rag/gazetteer.json) is built offline by scripts/build-places.ts.
 */

type Gazetteer = { countries: Record<string, Partial<Record<TextLanguage, string[]>>>; cities: Record<string, string> };
const GAZETTEER = gazetteer as Gazetteer;
// A Map, not the JSON object: a message saying "constructor" must not find Object.prototype's.
const CITIES = new Map(Object.entries(GAZETTEER.cities));
const MAX_NAME_WORDS = 4;

/** Chunks per stem in one language: 0 when the articles never use it. */
export type CorpusUsage = (term: string, lang: TextLanguage) => number;

// Countries by each of their names in the four languages ("turkey", "turkei", "etats unis d amerique").
const COUNTRY_BY_NAME = new Map<string, string>();
for (const [code, names] of Object.entries(GAZETTEER.countries)) {
  for (const name of Object.values(names).flat()) {
    const words = tokenize(name);
    // "US", "UK" and names that are also function words are too ambiguous to read as a country.
    if (words.length === 1 && (words[0]!.length < 3 || isStopword(words[0]!))) continue;
    if (words.length === 0) continue;
    // "Stati Uniti d'America" is said "Stati Uniti": the part before "of", "von", "d'".
    const ofAt = words.findIndex((w, i) => i >= 2 && isStopword(w));
    for (const key of [words.join(' '), ...(ofAt > 0 && !isStopword(words[0]!) ? [words.slice(0, ofAt).join(' ')] : [])]) {
      if (!COUNTRY_BY_NAME.has(key)) COUNTRY_BY_NAME.set(key, code);
    }
  }
}

// The European Economic Area: the EU's 27 members and Iceland, Liechtenstein, Norway (ISO codes).
const EU_EEA_MEMBERS = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
]);

// How articles abbreviate the EU in each language, for the search text ("EU/EEA", "UE/EEE").
const EU_WORD: Record<TextLanguage, string> = { en: 'eu', de: 'eu', fr: 'ue', it: 'ue' };
// How articles name the rest of the world's countries, for the search text ("Zone 3 | All other
// countries"): without it, a question about Thailand found the zone article's introduction, not
// its table.
const OTHER_COUNTRIES_WORDS: Record<TextLanguage, string[]> = { en: ['other', 'countries'], de: ['übrigen', 'Länder'], fr: ['autres', 'pays'], it: ['altri', 'paesi'] };

export type Place = { words: string[]; country: string; kind: 'country' | 'city' };

// The country the articles are written for: the rest of the world is "abroad".
const HOME_COUNTRY = 'CH';

/** The countries and cities a text names, longest name first where names overlap ("new york" before "york"), with their country codes. */
export function placesIn(text: string): Place[] {
  const words = tokenize(text);
  const found: Place[] = [];
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let n = Math.min(MAX_NAME_WORDS, words.length - i); n >= 1 && !matched; n--) {
      const name = words.slice(i, i + n).join(' ');
      const asCountry = COUNTRY_BY_NAME.get(name);
      const country = asCountry ?? CITIES.get(name);
      if (country) {
        found.push({ words: words.slice(i, i + n), country, kind: asCountry ? 'country' : 'city' });
        matched = n;
      }
    }
    i += matched || 1;
  }
  return found;
}

/**
 * How the articles in one language name a country, as the word to look for and its stem. A
 * one-word name the articles use ("USA", "Turkey") is taken as it is. Only when they use none, a
 * longer name: its longest leading part whose words the articles all use ("Stati Uniti" of "Stati
 * Uniti d'America"), by its word the articles use least ("uniti", not "stati"). "United" alone
 * would also find "United Kingdom". Empty when the articles never name the country.
 */
export function countryWords(country: string, lang: TextLanguage, usage: CorpusUsage): { word: string; stem: string }[] {
  const names = (GAZETTEER.countries[country]?.[lang] ?? []).map((name) =>
    tokenize(name)
      .filter((w) => w.length >= 2 && !isStopword(w))
      .map((word) => {
        const stem = termOf(word, lang);
        return { word, stem, df: usage(stem, lang) };
      }),
  );
  const single = names.filter((words) => words.length === 1 && words[0]!.df > 0).map((words) => words[0]!);
  const chosen = single.length > 0 ? single : names.flatMap((words) => {
    for (let n = words.length; n >= 2; n--) {
      const part = words.slice(0, n);
      if (part.every((w) => w.df > 0)) return [part.reduce((a, b) => (b.df < a.df ? b : a))];
    }
    return [];
  });
  return [...new Map(chosen.map(({ word, stem }) => [stem, { word, stem }])).values()];
}

/**
 * The widened question with, for each place word the articles never use, the country it stands
 * for: its name in the search text (the zone table is found by "Turkey", not "Istanbul") and as
 * the word's alternatives for the reranker and the built-in model. A country of the EEA is one of
 * the "EU/EEA" countries too (EU_EEA; "Portugal", "Lisbon"); another country the articles never
 * name ("Thailand", or Bangkok's) is one of "all other countries" (OTHER_COUNTRIES). A city whose
 * name the articles use as a word ("Mobile", "Orange") is left alone: the articles' meaning wins.
 * Any other country than Switzerland, or a city in one, is also "abroad" (ABROAD) to the articles.
 */
export function withPlaceCountries(expanded: ExpandedQuery, query: string, lang: TextLanguage | undefined, usage: CorpusUsage): ExpandedQuery {
  if (!lang) return expanded;
  const alternatives = { ...expanded.alternatives };
  const added: string[] = [];
  let changed = false;
  for (const place of placesIn(query)) {
    const stems = place.words.filter((w) => !isStopword(w)).map((w) => termOf(w, lang));
    const unknown = stems.filter((s) => usage(s, lang) === 0);
    if (unknown.length > 0) {
      const country = countryWords(place.country, lang, usage);
      // A country of the EEA is one of "EU/EEA countries" whether or not a list names it (the zone
      // row names a few as examples); any other country the articles never name is one of "all
      // other countries".
      const inEea = EU_EEA_MEMBERS.has(place.country);
      const home = place.country === HOME_COUNTRY;
      const other = !inEea && country.length === 0 && !home;
      const stands = [...country.map((c) => c.stem), ...(inEea ? [EU_EEA] : other ? [OTHER_COUNTRIES] : [])];
      if (stands.length > 0) for (const s of unknown) alternatives[s] = [...new Set([...(alternatives[s] ?? []), ...stands])];
      const words = [
        ...country.map((c) => c.word),
        ...(inEea && country.length === 0 && usage(EU_WORD[lang], lang) > 0 ? [EU_WORD[lang]] : []),
        ...(other && OTHER_COUNTRIES_WORDS[lang].every((w) => isStopword(fold(w)) || usage(termOf(fold(w), lang), lang) > 0) ? OTHER_COUNTRIES_WORDS[lang] : []),
      ];
      for (const word of words) if (!added.includes(word) && !expanded.added.includes(word)) added.push(word);
      changed = true;
    }
    // Any country but ours is "abroad" to the articles ("moving to Germany": "Moving abroad"); a
    // city only when read as one (not "orange", which the articles use as a word).
    if (place.country !== HOME_COUNTRY && (place.kind === 'country' || unknown.length > 0)) {
      for (const s of stems) alternatives[s] = [...new Set([...(alternatives[s] ?? []), ABROAD])];
      changed = true;
    }
  }
  if (!changed) return expanded;
  return { text: added.length > 0 ? `${expanded.text} ${added.join(' ')}` : expanded.text, alternatives, added: [...expanded.added, ...added] };
}
