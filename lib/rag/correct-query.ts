import { asTextLanguage } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { correctSpelling } from './spelling';
import { loadTermStats } from './term-stats';

/**
 * A search query's spelling corrected as the chat corrects it: within the query's language when
 * it is known (a French "anonymes" is no typo of the English "anonymous"; "saying" is not
 * "saving"), against the whole help center's words when it is not.
 */
export async function correctQuery(db: Db, query: string, lang: string | undefined) {
  const textLang = asTextLanguage(lang);
  const stats = await loadTermStats(db);
  return correctSpelling(db, query, textLang ? stats.vocabulary(textLang) : undefined, stats.lexicon);
}
