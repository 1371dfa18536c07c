import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { getConfig, type Config } from '@/lib/config';
import type { Db } from '../client';
import { conversations, handoffs, messages, users, webhookAttempts, webhookDeliveries, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEventType } from '../schema';

/** The transcript sent with an event: the conversation's last messages, each cut to this length. */
export const TRANSCRIPT_MESSAGES = 50;
const MESSAGE_CHARS = 4000;

/**
 * Writes a hand-off event to the webhook outbox, on the caller's handle: inside the transaction
 * that changed the hand-off, so the event exists exactly when the change does. Nothing is written
 * when no webhook is configured.
 */
export async function enqueueHandoffEvent(
  db: Db,
  { type, handoffId, reply }: { type: WebhookEventType; handoffId: string; reply?: { text: string; by: string | null } },
  config: Pick<Config, 'handoffWebhook' | 'publicUrl'> = getConfig(),
): Promise<void> {
  const webhook = config.handoffWebhook;
  if (!webhook) return;
  const claimer = users;
  const [row] = await db
    .select({ handoff: handoffs, lang: conversations.lang, claimedByName: claimer.name, claimedByEmail: claimer.email })
    .from(handoffs)
    .innerJoin(conversations, eq(conversations.id, handoffs.conversationId))
    .leftJoin(claimer, eq(claimer.id, handoffs.claimedBy))
    .where(eq(handoffs.id, handoffId))
    .limit(1);
  if (!row) return;
  const recent = await db
    .select({ role: messages.role, content: messages.content, at: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, row.handoff.conversationId))
    .orderBy(desc(messages.seq))
    .limit(TRANSCRIPT_MESSAGES);
  const base = config.publicUrl ?? '';
  const id = randomUUID();
  const h = row.handoff;
  const payload = {
    id,
    type,
    createdAt: new Date().toISOString(),
    handoff: {
      id: h.id,
      status: h.status,
      reason: h.reason,
      note: h.note,
      contactEmail: h.contactEmail,
      createdAt: h.createdAt.toISOString(),
      claimedBy: row.claimedByEmail ? { name: row.claimedByName, email: row.claimedByEmail } : null,
      closedAt: h.closedAt?.toISOString() ?? null,
      outcome: h.outcome,
      url: `${base}/admin/handoffs/${h.id}`,
      replyUrl: `${base}/api/handoffs/${h.id}/reply`,
    },
    conversation: {
      id: h.conversationId,
      lang: row.lang,
      url: `${base}/admin/conversations/${h.conversationId}`,
      transcript: recent.reverse().map((m) => ({ role: m.role, text: m.content.slice(0, MESSAGE_CHARS), at: m.at.toISOString() })),
    },
    ...(reply ? { reply: { text: reply.text.slice(0, MESSAGE_CHARS), by: reply.by } } : {}),
  };
  await db.insert(webhookDeliveries).values({ id, type, handoffId, url: webhook.url, payload });
}

/**
 * Takes up to `limit` due deliveries for this instance: their next attempt is pushed a lease
 * ahead (another instance's sweep skips them meanwhile) and their attempt count taken, in one
 * statement (`for update skip locked`: two instances never take the same row). Events of one
 * hand-off go out in order: one waits while an earlier one of the same hand-off is still pending.
 */
export async function claimDueDeliveries(db: Db, { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number }): Promise<WebhookDeliveryRow[]> {
  const d = webhookDeliveries;
  const earlier = sql`exists (select 1 from webhook_deliveries e where e.handoff_id = ${d.handoffId} and e.status = 'pending' and (e.created_at, e.id) < (${d.createdAt}, ${d.id}))`;
  return db
    .update(d)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${d.attempts} + 1` })
    .where(
      inArray(
        d.id,
        db
          .select({ id: d.id })
          .from(d)
          .where(and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now), sql`not ${earlier}`))
          .orderBy(asc(d.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** Records one attempt and what follows: delivered, failed for good, or the next try's time. */
export async function recordAttempt(
  db: Db,
  { delivery, statusCode, error, ms, next }: { delivery: WebhookDeliveryRow; statusCode: number | null; error: string | null; ms: number; next: 'delivered' | 'failed' | Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId: delivery.id, attempt: delivery.attempts, statusCode, error, ms });
    await tx
      .update(webhookDeliveries)
      .set(next instanceof Date ? { nextAttemptAt: next } : { status: next, finishedAt: new Date() })
      .where(eq(webhookDeliveries.id, delivery.id));
  });
}

export type DeliveryWithAttempts = WebhookDeliveryRow & { attemptLog: WebhookAttemptRow[] };

/** The console's delivery log: the latest deliveries with every attempt. */
export async function listDeliveries(db: Db, { limit }: { limit: number }): Promise<DeliveryWithAttempts[]> {
  const rows = await db.select().from(webhookDeliveries).orderBy(desc(webhookDeliveries.createdAt)).limit(limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id)))
    .orderBy(asc(webhookAttempts.attempt));
  return rows.map((r) => ({ ...r, attemptLog: attempts.filter((a) => a.deliveryId === r.id) }));
}

/** Finished deliveries (with their transcripts) older than `before` are deleted. */
export async function purgeFinishedDeliveries(db: Db, { before }: { before: Date }): Promise<number> {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lt(webhookDeliveries.createdAt, before)))
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
