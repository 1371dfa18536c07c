import { getSetting } from '@/lib/db/queries/settings';
import type { Db } from '@/lib/db/client';
import { parseSynonyms, type SynonymRule } from './synonyms';

/**
 * The synonyms in force (settings key search_synonyms). Search runs for every chat message: the
 * setting is read as every setting is (kept a few seconds, dropped when written here:
 * lib/db/read-cache.ts), and parsed again only when its text changed.
 */
const PARSED = Symbol.for('lantern.synonyms');
type Holder = { [PARSED]?: { text: string; rules: SynonymRule[] } };

export async function loadSynonymRules(db: Db): Promise<SynonymRule[]> {
  const text = (await getSetting(db, { key: 'search_synonyms' })) ?? '';
  const holder = globalThis as Holder;
  if (holder[PARSED]?.text !== text) holder[PARSED] = { text, rules: parseSynonyms(text).rules };
  return holder[PARSED].rules;
}
