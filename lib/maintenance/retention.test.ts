import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { answerTraces, conversations, feedback, handoffs, messages, rateLimits, users } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { runRetention } from './retention';

/** Retention deletes exactly what is older than its cut-off, and nothing else. */

const NOW = new Date('2026-11-23T10:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const SETTINGS = { anonymousConversationDays: 90, traceDays: 731 };

describe.each(testBackends())('retention on $name', ({ open }) => {
  let database: Database;
  let userId: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await open();
    const [user] = await db()
      .insert(users)
      .values({ email: `retention-${randomUUID()}@example.com`, name: 'Retention', passwordHash: 'x', role: 'customer' })
      .returning({ id: users.id });
    userId = user!.id;
  });
  beforeEach(async () => {
    await db().execute(sql`truncate conversations, rate_limits cascade`);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A conversation with a question and an answer (trace, feedback) and optionally a hand-off. */
  async function conversation({
    anonymous = true,
    lastActivity,
    messageAt = lastActivity,
    traceAt = messageAt,
    handoff,
  }: {
    anonymous?: boolean;
    lastActivity: Date;
    messageAt?: Date;
    traceAt?: Date;
    handoff?: 'open' | 'claimed' | 'closed';
  }) {
    const id = randomUUID();
    await db()
      .insert(conversations)
      .values({ id, ownerUserId: anonymous ? null : userId, ownerAnonKey: anonymous ? `anon-${id}` : null, title: 'q', createdAt: lastActivity, updatedAt: lastActivity });
    const answerId = randomUUID();
    await db()
      .insert(messages)
      .values([
        { conversationId: id, role: 'user', content: 'a question', createdAt: messageAt },
        { id: answerId, conversationId: id, role: 'assistant', content: 'an answer', outcome: 'answered', createdAt: messageAt },
      ]);
    const [trace] = await db()
      .insert(answerTraces)
      .values({ messageId: answerId, conversationId: id, question: 'a question', lang: 'en', route: 'knowledge', outcome: 'answered', model: 'local', createdAt: traceAt })
      .returning({ id: answerTraces.id });
    await db().insert(feedback).values({ messageId: answerId, rating: 'up', createdAt: messageAt, updatedAt: messageAt });
    if (handoff) await db().insert(handoffs).values({ conversationId: id, reason: 'customer_request', status: handoff, createdAt: messageAt });
    return { id, answerId, traceId: trace!.id };
  }

  const existing = async (ids: string[]) =>
    (await db().select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, ids))).map((r) => r.id).sort();
  const count = async (table: string) => Number((await queryRows<{ n: number | string }>(db(), sql`select count(*) as n from ${sql.raw(table)}`))[0]!.n);

  it('purges anonymous conversations idle past the cut-off with their messages, traces, feedback and hand-offs; keeps the rest', async () => {
    const old = await conversation({ lastActivity: daysAgo(100), handoff: 'closed' });
    const older = await conversation({ lastActivity: daysAgo(400) });
    const recent = await conversation({ lastActivity: daysAgo(10) });
    const justInside = await conversation({ lastActivity: new Date(daysAgo(90).getTime() + 60_000) });
    // Its timestamp is old but a message is recent: still active.
    const recentMessage = await conversation({ lastActivity: daysAgo(100), messageAt: daysAgo(5) });
    // A person still holds the hand-off: kept until it is closed.
    const openHandoff = await conversation({ lastActivity: daysAgo(100), handoff: 'open' });
    const claimedHandoff = await conversation({ lastActivity: daysAgo(100), handoff: 'claimed' });
    // Signed-in customers' conversations belong to their account.
    const customer = await conversation({ anonymous: false, lastActivity: daysAgo(400), traceAt: daysAgo(400) });

    const counts = await runRetention(db(), { settings: SETTINGS, now: NOW });
    expect(counts).toEqual({ anonymousConversations: 2, traces: 0, rateLimits: 0 });
    const kept = [recent, justInside, recentMessage, openHandoff, claimedHandoff, customer];
    expect(await existing([old, older, ...kept].map((c) => c.id))).toEqual(kept.map((c) => c.id).sort());
    // Cascaded: 6 conversations × 2 messages, 1 trace, 1 feedback each; the hand-offs of the kept ones.
    expect(await count('messages')).toBe(12);
    expect(await count('answer_traces')).toBe(6);
    expect(await count('feedback')).toBe(6);
    expect(await count('handoffs')).toBe(2);
  });

  it('purges answer traces older than their cut-off in every conversation, keeping the answers', async () => {
    const customer = await conversation({ anonymous: false, lastActivity: daysAgo(800), traceAt: daysAgo(800) });
    const kept = await conversation({ anonymous: false, lastActivity: daysAgo(700), traceAt: daysAgo(700) });
    const counts = await runRetention(db(), { settings: { anonymousConversationDays: 0, traceDays: 731 }, now: NOW });
    expect(counts).toEqual({ anonymousConversations: 0, traces: 1, rateLimits: 0 });
    const traces = await db().select({ id: answerTraces.id }).from(answerTraces);
    expect(traces.map((t) => t.id)).toEqual([kept.traceId]);
    expect(await existing([customer.id, kept.id])).toEqual([customer.id, kept.id].sort());
    expect(await count('messages')).toBe(4);
  });

  it('always purges rate-limit rows whose window has ended, and only those', async () => {
    await db()
      .insert(rateLimits)
      .values([
        { key: 'ended', count: 3, resetAt: new Date(NOW.getTime() - 1_000) },
        { key: 'running', count: 3, resetAt: new Date(NOW.getTime() + 60_000) },
      ]);
    const counts = await runRetention(db(), { settings: { anonymousConversationDays: 0, traceDays: 0 }, now: NOW });
    expect(counts).toEqual({ anonymousConversations: 0, traces: 0, rateLimits: 1 });
    expect((await db().select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(['running']);
  });

  it('keeps everything when both retentions are 0', async () => {
    const old = await conversation({ lastActivity: daysAgo(5_000), traceAt: daysAgo(5_000) });
    expect(await runRetention(db(), { settings: { anonymousConversationDays: 0, traceDays: 0 }, now: NOW })).toEqual({ anonymousConversations: 0, traces: 0, rateLimits: 0 });
    expect(await existing([old.id])).toEqual([old.id]);
    expect(await count('answer_traces')).toBe(1);
  });

  it('works through a backlog in bounded batches, and a second run finds nothing', async () => {
    const stale = await Promise.all(Array.from({ length: 7 }, (_, i) => conversation({ lastActivity: daysAgo(100 + i) })));
    const fresh = await conversation({ lastActivity: daysAgo(1) });
    expect(await runRetention(db(), { settings: SETTINGS, now: NOW, batch: 2 })).toEqual({ anonymousConversations: 7, traces: 0, rateLimits: 0 });
    expect(await existing([...stale, fresh].map((c) => c.id))).toEqual([fresh.id]);
    expect(await runRetention(db(), { settings: SETTINGS, now: NOW, batch: 2 })).toEqual({ anonymousConversations: 0, traces: 0, rateLimits: 0 });
  });
});
