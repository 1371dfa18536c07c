import { cacheKeyOf } from '@/lib/db/cache-key';
import type { Db } from '@/lib/db/client';
import { getSetting } from '@/lib/db/queries/settings';
import { parseSynonyms, type SynonymRule } from './synonyms';

/**
 * The synonyms in force (settings key search_synonyms), parsed once and re-read at most every
 * few seconds: search runs for every chat message, and another process (the console, an ingest)
 * may have changed them.
 */
const RECHECK_MS = 5_000;
const CACHE = Symbol.for('lantern.synonyms');
type Entry = { checkedAt: number; text: string; rules: SynonymRule[] };
type Holder = { [CACHE]?: WeakMap<Db, Entry> };

function cache(): WeakMap<Db, Entry> {
  const holder = globalThis as Holder;
  holder[CACHE] ??= new WeakMap();
  return holder[CACHE];
}

export async function loadSynonymRules(db: Db): Promise<SynonymRule[]> {
  const cached = cache().get(cacheKeyOf(db));
  if (cached && Date.now() - cached.checkedAt < RECHECK_MS) return cached.rules;
  const text = (await getSetting(db, { key: 'search_synonyms' })) ?? '';
  const rules = cached && cached.text === text ? cached.rules : parseSynonyms(text).rules;
  cache().set(cacheKeyOf(db), { checkedAt: Date.now(), text, rules });
  return rules;
}

/** Drops the cached rules (after this process changed them). */
export function invalidateSynonymRules(db: Db): void {
  cache().delete(cacheKeyOf(db));
}
