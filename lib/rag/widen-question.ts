import { asTextLanguage, termOf } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { loadSynonymRules } from './synonym-store';
import { withGermanInfinitives } from './german-verb-endings';
import { withPhrasalVerbs } from './phrasal-verbs';
import { withPlaceCountries } from './places';
import { withQuantityKinds } from './quantity-kinds';
import { withRegisterWords } from './register-words';
import { withSeparableVerbs } from './separable-verbs';
import { expandQuery, type ExpandedQuery } from './synonyms';
import { loadTermStats } from './term-stats';

/**
 * The question widened by the company's synonyms ("router" → "Box"): search uses the text, the
 * reranker and the built-in model the alternatives. (Splitting German compounds the articles
 * write apart, "Abowechsel" → "Abo" + "Wechsel", was tried here and dropped: it split separable
 * verbs too, "ausfällt" → "aus" + "fällt", and made answers worse.)
 */
export async function widenQuestion(db: Db, query: string, lang: string | undefined): Promise<ExpandedQuery> {
  const rules = await loadSynonymRules(db);
  const language = asTextLanguage(lang) ?? asTextLanguage(detectLanguage(query));
  const stats = await loadTermStats(db);
  // German separable verbs ("setze … zurück" → "zurücksetzen") are joined, as the titles write
  // them, and given their participle or infinitive where the articles write that ("ausgeschaltet").
  const known = (folded: string) => language !== undefined && stats.df(termOf(folded, language), language) > 0;
  const widened = withSeparableVerbs(expandQuery(query, rules, rules.length === 0 ? undefined : language), query, language, known);
  // Verbs in two parts ("send … back", "passed away", "mando indietro") and everyday verbs
  // ("garder", "tenere") mean the articles' written word ("return", "death", "conserver").
  const withVerbMeanings = withRegisterWords(withPhrasalVerbs(widened, query, language, known), query, language, known);
  // "Was bedeutet…" asks about what the articles call "bedeuten".
  const withVerbs = withGermanInfinitives(withVerbMeanings, query, language);
  // "Istanbul" is in Turkey, the word the zone table uses; "my son is 16" meets "18 or older".
  return withQuantityKinds(withPlaceCountries(withVerbs, query, language, stats.df), query);
}
