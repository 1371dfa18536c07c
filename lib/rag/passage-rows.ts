import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { cachedRead, dropCachedReads } from '@/lib/db/read-cache';
import { queryRows } from '@/lib/db/rows';
import { processValue } from '@/lib/runtime/process-map';

/** A passage as search reads it: a chunk joined with its document. */
export type PassageRow = {
  id: number; document_id: string; title: string; slug: string; heading_path: string; anchor: string | null;
  content: string; lang: string; version: string | null; audience: 'public' | 'internal'; ordinal: number; translation_of: string | null;
  source_url: string | null;
};

const COLUMNS = sql.raw('c.id, c.document_id, c.title, d.slug, c.heading_path, c.anchor, c.content, c.lang, c.version, c.audience, c.ordinal, d.translation_of, d.source_url');

/**
 * Passage rows are kept once read. A chunk never changes after it is written: ingest replaces a
 * changed document's chunks with new ones (new ids) and deletes a removed document's, and nothing
 * else writes them, so a row read by id stays right for as long as the id is asked for. The rows'
 * text is most of what an answer reads from the database (6–7 ms of ~24 ms per answer on the
 * embedded one, where parsing it runs on the request's thread). Per database (tests open several
 * in one process) and process-wide (every module copy; lib/runtime/process-map.ts); bounded.
 * Restoring an older backup into a running instance's database could reuse ids: restart after one.
 */
const CACHE_LIMIT = 20_000;

function cacheFor(db: Db): Map<number, PassageRow> {
  const caches = processValue('passage-rows', () => new WeakMap<Db, Map<number, PassageRow>>());
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** The rows of these chunk ids that exist, by id. */
export async function passageRowsById(db: Db, ids: number[]): Promise<Map<number, PassageRow>> {
  const cache = cacheFor(db);
  const missing = [...new Set(ids)].filter((id) => !cache.has(id));
  if (missing.length > 0) {
    const rows = await queryRows<PassageRow>(db, sql`select ${COLUMNS} from chunks c join documents d on d.id = c.document_id where c.id in ${missing}`);
    if (cache.size + rows.length > CACHE_LIMIT) cache.clear();
    for (const row of rows) cache.set(Number(row.id), row);
  }
  const found = new Map<number, PassageRow>();
  for (const id of ids) {
    const row = cache.get(id);
    if (row) found.set(id, row);
  }
  return found;
}

/** Whose passages a caller may see: customers only public ones. */
export type Audience = 'public' | 'all';

/**
 * The passage ids of some documents, each document's in its order, kept like the other reads
 * every message makes (lib/db/read-cache.ts): ingest drops them when it changes the index
 * (invalidateTermStats); another process's ingest shows within a few seconds.
 */
function passageIdsOf(db: Db, documentIds: string[], audience: Audience): Promise<number[]> {
  const key = `${audience}:${[...new Set(documentIds)].sort().join('\n')}`;
  return cachedRead(db, 'passages', key, async () => {
    const where = audience === 'public' ? sql`c.audience = 'public'` : sql`true`;
    const rows = await queryRows<{ id: number }>(db, sql`select c.id from chunks c where c.document_id in ${documentIds} and ${where} order by c.document_id, c.ordinal limit 200`);
    return rows.map((row) => Number(row.id));
  });
}

/** The passages of some documents, in each document's order (ids and rows from the caches). */
export async function documentPassageRows(db: Db, { documentIds, audience }: { documentIds: string[]; audience: Audience }): Promise<PassageRow[]> {
  if (documentIds.length === 0) return [];
  const ids = await passageIdsOf(db, documentIds, audience);
  const rows = await passageRowsById(db, ids);
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/** Drops the kept passage ids and translations (the index changed). */
export function dropPassageIds(): void {
  dropCachedReads('passages');
}
