import { fold, termOf, tokenize, type TextLanguage } from '@/lib/ai/local/text';
import type { ExpandedQuery } from './synonyms';
import { withMeanings } from './with-meanings';

/**
 * Everyday verbs and their written-register equivalents: customers "garder" their number, "tenere"
 * it; articles write "Conserver votre numéro", "Mantenere il numero". The two share no stem, so
 * the article's title and steps never met the question. A question's word
 * adds the article's word — only one the corpus uses — to the search and as its alternative, as
 * two-part verbs add theirs (./phrasal-verbs.ts). One way only: the article's word never searches
 * the everyday one (equivalents both ways made answers worse, README "Knowledge base and search").
 */

type RegisterWord = { everyday: string[]; written: string[] };

// Verbs listed in their infinitive; any form of the same stem counts ("garde", "gardé"). A written
// word the articles use in every set of steps is no sign of the topic: "aspettare" → "attendere"
// ("Attenda 30 secondi") pulled a question about waiting for the technician to the light bar's
// steps, and "kriegen" → "erhalten" ("Sie erhalten …") answered two of my outage questions from
// the wrong article where they had declined.
const BY_LANGUAGE: Partial<Record<TextLanguage, RegisterWord[]>> = {
  fr: [
    { everyday: ['garder'], written: ['conserver'] },
    { everyday: ['renvoyer'], written: ['retourner', 'restituer'] },
    { everyday: ['enlever'], written: ['supprimer'] },
  ],
  it: [
    { everyday: ['tenere'], written: ['mantenere'] },
    { everyday: ['mandare', 'spedire'], written: ['inviare'] },
    { everyday: ['togliere'], written: ['rimuovere'] },
  ],
  de: [
    { everyday: ['behalten'], written: ['beibehalten'] },
  ],
  en: [
    { everyday: ['buy'], written: ['purchase'] },
    { everyday: ['fix'], written: ['resolve', 'repair'] },
  ],
};

/** The question's everyday words (folded, as written) with the written words they stand for. */
export function registerWords(text: string, lang: TextLanguage): { word: string; written: string[] }[] {
  const entries = BY_LANGUAGE[lang] ?? [];
  const found: { word: string; written: string[] }[] = [];
  for (const word of new Set(tokenize(fold(text)))) {
    const term = termOf(word, lang);
    for (const entry of entries) if (entry.everyday.some((everyday) => termOf(everyday, lang) === term)) found.push({ word, written: entry.written });
  }
  return found;
}

/** The widened question with the written words its everyday words stand for, where the corpus uses them. */
export function withRegisterWords(expanded: ExpandedQuery, query: string, lang: TextLanguage | undefined, known: (folded: string) => boolean): ExpandedQuery {
  if (!lang) return expanded;
  return withMeanings(expanded, registerWords(query, lang).map(({ word, written }) => ({ words: [word], means: written })), lang, known);
}
