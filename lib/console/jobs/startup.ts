import type { Database } from '@/lib/db/client';
import { interruptStaleJobs } from '@/lib/db/queries/jobs';
import { STALE_AFTER_MS } from './runner';

/**
 * At start: jobs a previous process left queued or running can never finish, so they are marked
 * interrupted (the page then offers to start again). On the embedded database this process is
 * the only owner, so every active job is abandoned, however fresh its heartbeat (a quick restart
 * must not leave a phantom job blocking its kind). On PostgreSQL other instances may be running
 * jobs: only those whose heartbeat stopped more than a minute ago are taken.
 */
export async function markAbandonedJobs(database: Pick<Database, 'db' | 'kind'>): Promise<number> {
  const rows = await interruptStaleJobs(database.db, { staleAfterMs: database.kind === 'pglite' ? 0 : STALE_AFTER_MS });
  return rows.length;
}
