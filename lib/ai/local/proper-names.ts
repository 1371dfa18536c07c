import { contentTerms, type TextLanguage } from './text';

/**
 * "Is Netflix included with Wave TV Plus?", "Est-ce que Netflix est inclus… ?": a proper name —
 * a word written with a capital inside a sentence, in a language that writes its common nouns in
 * lower case — names one thing (a service, a brand, a place). When no article uses it (and no
 * synonym or country group explains it), the articles do not speak of that thing: a passage that
 * covers the rest of the question says nothing about it.
 *
 * German capitalises every noun, so a capital says nothing there; all-capital words (PC, AVS) are
 * abbreviations of common things as often as names, and are left out too.
 */

// A capitalised word (a "+" may end it: "Disney+") after a word or a comma: not a sentence's first
// word, nor a unit after its number ("10 Gbit/s").
const NAME_INSIDE_SENTENCE = /(?<=[\p{L},;:]\s)\p{Lu}\p{Ll}[\p{L}\p{N}]*\+?/gu;

/** The terms of the proper names a text writes inside its sentences (none for German). */
export function properNameTerms(text: string, lang: TextLanguage): string[] {
  if (lang === 'de') return [];
  return [...new Set([...text.matchAll(NAME_INSIDE_SENTENCE)].flatMap((m) => contentTerms(m[0], lang)))];
}
