import { isStopword, stem, tokenize, type TextLanguage } from '@/lib/ai/local/text';
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
const MAX_NAME_WORDS = 3;

/** Chunks per stem in one language: 0 when the articles never use it. */
export type CorpusUsage = (term: string, lang: TextLanguage) => number;

/** The cities a text names, longest name first where names overlap ("new york" before "york"), with their country codes. */
export function citiesIn(text: string): { words: string[]; country: string }[] {
  const words = tokenize(text);
  const found: { words: string[]; country: string }[] = [];
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let n = Math.min(MAX_NAME_WORDS, words.length - i); n >= 1 && !matched; n--) {
      const name = words.slice(i, i + n);
      const country = GAZETTEER.cities[name.join(' ')];
      if (country) {
        found.push({ words: name, country });
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
      .map((word) => ({ word, stem: stem(word, lang), df: usage(stem(word, lang), lang) })),
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
 * The widened question with, for each city word the articles never use, its country's name: in
 * the search text (the zone table is found by "Turkey", not "Istanbul") and as the word's
 * alternatives for the reranker and the built-in model. A city whose name the articles do use
 * ("Mobile", "Orange" as words) is left as it is: the articles' meaning wins.
 */
export function withPlaceCountries(expanded: ExpandedQuery, query: string, lang: TextLanguage | undefined, usage: CorpusUsage): ExpandedQuery {
  if (!lang) return expanded;
  const alternatives = { ...expanded.alternatives };
  const added: string[] = [];
  for (const city of citiesIn(query)) {
    const unknown = city.words.map((w) => stem(w, lang)).filter((s) => usage(s, lang) === 0);
    if (unknown.length === 0) continue;
    const country = countryWords(city.country, lang, usage);
    for (const s of unknown) alternatives[s] = [...new Set([...(alternatives[s] ?? []), ...country.map((c) => c.stem)])];
    for (const { word } of country) if (!added.includes(word) && !expanded.added.includes(word)) added.push(word);
  }
  if (added.length === 0) return expanded;
  return { text: `${expanded.text} ${added.join(' ')}`, alternatives, added: [...expanded.added, ...added] };
}
