import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The chunks' full-text indexes (drizzle/0002_knowledge_base.sql). */
const TEXT_INDEXES = ['chunks_tsv_idx', 'chunks_tsv_simple_idx'];

/**
 * Leaves the knowledge tables ready for search after they changed:
 * - a GIN index takes new rows into a pending list that every search then reads in full, until
 *   a VACUUM merges it: after an ingest of a few thousand chunks that list made each text leg
 *   several times slower (10k chunks on PostgreSQL: 9.8 ms → 2.6 ms per leg once merged);
 * - the planner needs statistics to choose the GIN index over reading every chunk. PGlite runs
 *   no autovacuum, so it would never have them; on PostgreSQL the search should not wait for it.
 */
export async function prepareKnowledgeForSearch(db: Db): Promise<void> {
  for (const index of TEXT_INDEXES) await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
  await db.execute(sql`analyze chunks, documents, lexeme_stats`);
}
