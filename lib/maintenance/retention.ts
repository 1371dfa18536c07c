import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { purgeAnonymousConversations, purgeAnswerTraces, purgeExpiredRateLimits } from '@/lib/db/queries/retention';

const DAY_MS = 86_400_000;
/** Rows per DELETE: short statements, so chat traffic (and PGlite's single connection) is not held up. */
export const RETENTION_BATCH = 500;
/** Batches per table per run: a large backlog is worked off over several runs instead of one long one. */
const MAX_BATCHES = 200;

export type RetentionSettings = Config['retention'];
export type RetentionCounts = { anonymousConversations: number; traces: number; rateLimits: number };

/** Repeats a bounded delete until a batch comes back short (or the per-run cap is reached). */
async function inBatches(batch: number, purge: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let round = 0; round < MAX_BATCHES; round += 1) {
    const deleted = await purge(batch);
    total += deleted;
    if (deleted < batch) break;
  }
  return total;
}

/**
 * One retention run: anonymous conversations and answer traces older than their settings (0 =
 * keep forever), and rate-limit rows whose window has ended. Idempotent; instances running it at
 * the same time skip each other's rows.
 */
export async function runRetention(
  db: Db,
  { settings, now = new Date(), batch = RETENTION_BATCH }: { settings: RetentionSettings; now?: Date; batch?: number },
): Promise<RetentionCounts> {
  const cutoff = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const counts: RetentionCounts = { anonymousConversations: 0, traces: 0, rateLimits: 0 };
  if (settings.anonymousConversationDays > 0) {
    const before = cutoff(settings.anonymousConversationDays);
    counts.anonymousConversations = await inBatches(batch, (limit) => purgeAnonymousConversations(db, { before, limit }));
  }
  if (settings.traceDays > 0) {
    const before = cutoff(settings.traceDays);
    counts.traces = await inBatches(batch, (limit) => purgeAnswerTraces(db, { before, limit }));
  }
  counts.rateLimits = await inBatches(batch, (limit) => purgeExpiredRateLimits(db, { now, limit }));
  return counts;
}
