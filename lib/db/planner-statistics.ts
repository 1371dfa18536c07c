import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Refreshes the query planner's statistics for the knowledge tables. PGlite runs no autovacuum,
 * so without this the planner never learns how many chunks there are and guesses: it then reads
 * every chunk's tsvector instead of using the GIN index. On PostgreSQL autovacuum would catch up
 * eventually; after an ingest the search should not wait for it.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze chunks, documents, lexeme_stats`);
}
