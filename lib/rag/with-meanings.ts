import { fold, termOf, type TextLanguage } from '@/lib/ai/local/text';
import type { ExpandedQuery } from './synonyms';

/** Words of the question (as written, folded) and the words of the articles they mean. */
export type Meaning = { words: string[]; means: string[] };

/**
 * The widened question with what some of its words mean, where `known` says the corpus uses the
 * word: in the search text, and as alternatives of the question's words for the reranker and the
 * built-in model. A meaning no article uses is left out: it is noise to the search (a made-up
 * word moves the query's vector away from the passages it was near).
 */
export function withMeanings(expanded: ExpandedQuery, meanings: Meaning[], lang: TextLanguage, known: (folded: string) => boolean): ExpandedQuery {
  const alternatives = { ...expanded.alternatives };
  const added: string[] = [];
  for (const { words, means } of meanings) {
    for (const meaning of means.map(fold).filter(known)) {
      for (const word of words) {
        const key = termOf(word, lang);
        alternatives[key] = [...new Set([...(alternatives[key] ?? []), termOf(meaning, lang)])];
      }
      added.push(meaning);
    }
  }
  const words = [...new Set(added)];
  if (words.length === 0) return expanded;
  return { text: `${expanded.text} ${words.join(' ')}`, alternatives, added: [...expanded.added, ...words] };
}
