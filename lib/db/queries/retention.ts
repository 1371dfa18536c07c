import { and, asc, eq, inArray, isNotNull, lt, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { answerTraces, conversations, handoffs, messages, rateLimits } from '../schema';

/**
 * Bounded deletes for the retention settings: each call removes at most `limit` rows (the oldest
 * first, by an indexed column) and returns how many, so a large backlog is purged in short
 * statements that never lock a big table for long. Rows another instance is deleting at the
 * same moment are skipped, not waited for.
 */

/**
 * Anonymous visitors' conversations whose last activity (the conversation's own timestamp, which
 * every answer and agent reply touches, and its newest message) is before `before`, with their
 * messages, traces, feedback, reviews and hand-offs (ON DELETE CASCADE). A conversation with a
 * hand-off still open or claimed stays until a person closes it. Signed-in customers'
 * conversations belong to their account and are never purged here.
 */
export async function purgeAnonymousConversations(db: Db, { before, limit }: { before: Date; limit: number }): Promise<number> {
  const expired = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        isNotNull(conversations.ownerAnonKey),
        lt(conversations.updatedAt, before),
        notExists(db.select({ one: sql`1` }).from(messages).where(and(eq(messages.conversationId, conversations.id), sql`${messages.createdAt} >= ${before.toISOString()}::timestamptz`))),
        notExists(db.select({ one: sql`1` }).from(handoffs).where(and(eq(handoffs.conversationId, conversations.id), ne(handoffs.status, 'closed')))),
      ),
    )
    .orderBy(asc(conversations.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(conversations).where(inArray(conversations.id, expired)).returning({ id: conversations.id });
  return deleted.length;
}

/** Answer traces (of every conversation) created before `before`; the answers themselves stay. */
export async function purgeAnswerTraces(db: Db, { before, limit }: { before: Date; limit: number }): Promise<number> {
  const expired = db
    .select({ id: answerTraces.id })
    .from(answerTraces)
    .where(lt(answerTraces.createdAt, before))
    .orderBy(asc(answerTraces.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(answerTraces).where(inArray(answerTraces.id, expired)).returning({ id: answerTraces.id });
  return deleted.length;
}

/** Rate-limit windows that have ended: a new hit starts a new window anyway. */
export async function purgeExpiredRateLimits(db: Db, { now, limit }: { now: Date; limit: number }): Promise<number> {
  const expired = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lte(rateLimits.resetAt, now))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(rateLimits).where(inArray(rateLimits.key, expired)).returning({ key: rateLimits.key });
  return deleted.length;
}
