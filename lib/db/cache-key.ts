import type { Db } from './client';

/**
 * The key per-database caches (term statistics, synonyms) are kept under. A conversation test
 * runs each case in a transaction of its own (lib/conversation-tests/sandbox.ts); that handle
 * reads the same knowledge base as the database it was opened on, so it shares that database's
 * caches instead of reloading them for every case.
 */
const BASE = Symbol.for('lantern.cacheBase');
type Marked = { [BASE]?: Db };

export function cacheKeyOf(db: Db): Db {
  return (db as Marked)[BASE] ?? db;
}

/** Marks `handle` (a transaction on `base`) to share `base`'s caches. */
export function shareCaches(handle: Db, base: Db): void {
  (handle as Marked)[BASE] = cacheKeyOf(base);
}
