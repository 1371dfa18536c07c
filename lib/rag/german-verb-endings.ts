import { fold, isStopword, termOf } from '@/lib/ai/local/text';
import type { ExpandedQuery } from './synonyms';

/**
 * German verbs as questions conjugate them: "Was bedeutet…", "Wie lange dauert…", "Was kostet…",
 * "Das Licht blinkt rot". The Snowball stemmer has no rule for the "-t"/"-et" ending, so
 * "bedeutet" and the articles' "bedeuten" (in the title «Was die Leuchtanzeigen … bedeuten»)
 * keep different stems, and the question misses the passage that answers it. The infinitive's
 * stem counts as the word's own where passages are weighed against the question.
 * Only words written in lower case: German capitalises nouns ("Internet", "Paket"), and their
 * "-t" is no ending.
 */

const MIN_LENGTH = 5;

/** The infinitives of a German text's lower-case verb forms in "-t"/"-et" ("blinkt" → "blinken", "bedeutet" → "bedeuten"), folded. */
export function germanVerbInfinitives(text: string): { word: string; infinitive: string }[] {
  const found: { word: string; infinitive: string }[] = [];
  for (const raw of text.match(/\p{L}+/gu) ?? []) {
    if (raw.length < MIN_LENGTH || !/^\p{Ll}/u.test(raw)) continue;
    const word = fold(raw);
    if (!word.endsWith('t') || isStopword(word)) continue;
    const base = word.endsWith('et') ? word.slice(0, -2) : word.slice(0, -1);
    const infinitive = `${base}en`;
    if (termOf(infinitive, 'de') !== termOf(word, 'de')) found.push({ word, infinitive });
  }
  return found;
}

/**
 * The widened question with the stems of its German verb forms' infinitives as alternatives, for
 * the reranker and the built-in model. Not added to the search text: "kostet" → "kosten" there
 * pulled articles that only mention costs above the price table (measured on the held-out sets).
 */
export function withGermanInfinitives(expanded: ExpandedQuery, query: string, lang: string | undefined): ExpandedQuery {
  if (lang !== 'de') return expanded;
  const verbs = germanVerbInfinitives(query);
  if (verbs.length === 0) return expanded;
  const alternatives = { ...expanded.alternatives };
  for (const { word, infinitive } of verbs) {
    const key = termOf(word, 'de');
    alternatives[key] = [...new Set([...(alternatives[key] ?? []), termOf(infinitive, 'de')])];
  }
  return { ...expanded, alternatives };
}
