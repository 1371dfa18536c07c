import { cacheKeyOf } from './cache-key';
import type { Db } from './client';

/**
 * Reads every chat message makes of data that changes only when someone edits it (the golden
 * answers, the console's settings, the plan catalog): kept per database for a few seconds instead
 * of being read again for each message. Concurrent messages share one read. A write through this
 * process drops the cached reads of its kind at once (`dropCachedReads`, wherever the write went:
 * the database or a transaction on it); another process's write shows within RECHECK_MS.
 */
export const RECHECK_MS = 5_000;

/** What a cached read is of; a write drops every read of its kind. */
export type ReadKind = 'golden' | 'settings' | 'plans' | 'passages';

type Entry = { at: number; generation: number; value: Promise<unknown> };
type Store = { generations: Map<ReadKind, number>; byDb: WeakMap<Db, Map<string, Entry>> };

// Process-wide (one store however often the module is loaded, as the other per-database caches).
const STORE = Symbol.for('lantern.readCache');
type Holder = { [STORE]?: Store };

function store(): Store {
  const holder = globalThis as Holder;
  holder[STORE] ??= { generations: new Map(), byDb: new WeakMap() };
  return holder[STORE];
}

/**
 * `load()`'s result for `key` (of `kind`) on this database, read at most every RECHECK_MS. A read
 * that fails is not kept; a read that was under way when a write dropped its kind is not kept
 * either (it may have missed the write).
 */
export function cachedRead<T>(db: Db, kind: ReadKind, key: string, load: () => PromiseLike<T>, now: () => number = Date.now): Promise<T> {
  const { generations, byDb } = store();
  const base = cacheKeyOf(db);
  let entries = byDb.get(base);
  if (!entries) byDb.set(base, (entries = new Map()));
  const id = `${kind}:${key}`;
  const generation = generations.get(kind) ?? 0;
  const cached = entries.get(id);
  if (cached && cached.generation === generation && now() - cached.at < RECHECK_MS) return cached.value as Promise<T>;
  // A query builder is a thenable that runs its query again each time it is awaited: awaited once here.
  const value = (async () => await load())();
  const entry: Entry = { at: now(), generation, value };
  entries.set(id, entry);
  value.catch(() => {
    if (entries.get(id) === entry) entries.delete(id);
  });
  return value;
}

/**
 * A transaction that writes what reads of this kind read, with them dropped again once it has
 * ended: a message read while it was open saw the data as it was.
 */
export async function afterWrite<T>(kind: ReadKind, transaction: Promise<T>): Promise<T> {
  try {
    return await transaction;
  } finally {
    dropCachedReads(kind);
  }
}

/** Drops every cached read of this kind, on every database (after a write to what they read). */
export function dropCachedReads(kind: ReadKind): void {
  const { generations } = store();
  generations.set(kind, (generations.get(kind) ?? 0) + 1);
}
