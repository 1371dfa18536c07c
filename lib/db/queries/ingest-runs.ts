import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { ingestRuns } from '../schema';

/**
 * Marks runs still 'running' as interrupted. Only valid where no other process can be running
 * one — the embedded database, whose single owner is the caller — so a 'running' row there is
 * what a crashed or killed process left behind.
 */
export async function markInterruptedIngestRuns(db: Db): Promise<number> {
  const rows = await db
    .update(ingestRuns)
    .set({ status: 'interrupted', finishedAt: sql`now()` })
    .where(eq(ingestRuns.status, 'running'))
    .returning({ id: ingestRuns.id });
  return rows.length;
}
