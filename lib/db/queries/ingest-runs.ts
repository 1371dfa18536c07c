import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { ingestRuns } from '../schema';

/**
 * Marks runs still 'running' as interrupted. Only valid where no other process can be running
 * one — the embedded database, whose single owner is the caller — so a 'running' row there is
 * what a crashed or killed process left behind. On PostgreSQL, the instance resuming an ingest
 * job passes `since` (the job's creation): the runs of that job's earlier, dead attempts.
 */
export async function markInterruptedIngestRuns(db: Db, { since }: { since?: Date } = {}): Promise<number> {
  const rows = await db
    .update(ingestRuns)
    .set({ status: 'interrupted', finishedAt: sql`now()` })
    .where(and(eq(ingestRuns.status, 'running'), since ? gte(ingestRuns.startedAt, since) : undefined))
    .returning({ id: ingestRuns.id });
  return rows.length;
}
