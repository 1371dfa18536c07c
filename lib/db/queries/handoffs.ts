import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HandoffReason, HandoffSummary } from '@/lib/domain/chat';
import type { Db } from '../client';
import { conversations, handoffs, messages, users, type HandoffRow, type MessageRow } from '../schema';
import { enqueueHandoffEvent } from './webhook-deliveries';

function summary(row: HandoffRow): HandoffSummary {
  return { id: row.id, reason: row.reason as HandoffReason, status: row.status, createdAt: row.createdAt.toISOString() };
}

/**
 * Opens a hand-off for the conversation. A conversation has at most one that is not closed: asking
 * again returns the open one (a double click or a second SOS must not queue the customer twice).
 */
export async function requestHandoff(
  db: Db,
  { conversationId, reason, note, contactEmail = null }: { conversationId: string; reason: HandoffReason; note: string | null; contactEmail?: string | null },
): Promise<{ handoff: HandoffSummary; created: boolean }> {
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx.insert(handoffs).values({ conversationId, reason, note, contactEmail }).onConflictDoNothing().returning();
    if (row) await enqueueHandoffEvent(tx, { type: 'handoff.opened', handoffId: row.id });
    return row;
  });
  if (inserted) return { handoff: summary(inserted), created: true };
  const open = await findCurrentHandoff(db, { conversationId });
  if (!open) throw new Error('hand-off neither created nor found');
  return { handoff: open, created: false };
}

/** The conversation's open (or claimed) hand-off, else its most recent closed one, else null. */
export async function findCurrentHandoff(db: Db, { conversationId }: { conversationId: string }): Promise<HandoffSummary | null> {
  const [open] = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.conversationId, conversationId), ne(handoffs.status, 'closed')))
    .limit(1);
  if (open) return summary(open);
  const [last] = await db
    .select()
    .from(handoffs)
    .where(eq(handoffs.conversationId, conversationId))
    .orderBy(desc(handoffs.createdAt))
    .limit(1);
  return last ? summary(last) : null;
}

// ---- The console's hand-off queue (experts with handoffs:work) ----

export type HandoffStatus = HandoffRow['status'];

/** A hand-off as the console lists it: who asks, in which language, who works on it. */
export type HandoffQueueItem = {
  id: string;
  conversationId: string;
  reason: string;
  note: string | null;
  /** The address an anonymous customer left for the reply. */
  contactEmail: string | null;
  status: HandoffStatus;
  createdAt: Date;
  claimedAt: Date | null;
  closedAt: Date | null;
  outcome: string | null;
  claimedById: string | null;
  claimedByName: string | null;
  /** The signed-in customer who asked; both null for an anonymous visitor. */
  customerName: string | null;
  customerEmail: string | null;
  lang: string | null;
  title: string;
};

const claimer = alias(users, 'claimer');
const customer = alias(users, 'customer');

function queueSelect(db: Db) {
  return db
    .select({
      id: handoffs.id,
      conversationId: handoffs.conversationId,
      reason: handoffs.reason,
      note: handoffs.note,
      contactEmail: handoffs.contactEmail,
      status: handoffs.status,
      createdAt: handoffs.createdAt,
      claimedAt: handoffs.claimedAt,
      closedAt: handoffs.closedAt,
      outcome: handoffs.outcome,
      claimedById: handoffs.claimedBy,
      claimedByName: claimer.name,
      customerName: customer.name,
      customerEmail: customer.email,
      lang: conversations.lang,
      title: conversations.title,
    })
    .from(handoffs)
    .innerJoin(conversations, eq(conversations.id, handoffs.conversationId))
    .leftJoin(customer, eq(customer.id, conversations.ownerUserId))
    .leftJoin(claimer, eq(claimer.id, handoffs.claimedBy));
}

/**
 * The queue: open and claimed hand-offs, the longest-waiting first ('active'), or the closed
 * ones, the most recent first ('closed'). Both read handoffs_status_idx (status, created_at).
 */
export async function listHandoffQueue(
  db: Db,
  { view, limit = 200, offset = 0, q }: { view: 'active' | 'closed'; limit?: number; offset?: number; q?: string },
): Promise<HandoffQueueItem[]> {
  // Search: the customer's question (conversation title), name or email, the reason or the note.
  const text = q?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const search = pattern
    ? or(ilike(conversations.title, pattern), ilike(customer.name, pattern), ilike(customer.email, pattern), ilike(handoffs.reason, pattern), ilike(handoffs.note, pattern))
    : undefined;
  return view === 'active'
    ? queueSelect(db)
        .where(and(inArray(handoffs.status, ['open', 'claimed']), search))
        .orderBy(asc(handoffs.createdAt), asc(handoffs.id))
        .limit(limit)
        .offset(offset)
    : queueSelect(db)
        .where(and(eq(handoffs.status, 'closed'), search))
        .orderBy(desc(handoffs.createdAt), desc(handoffs.id))
        .limit(limit)
        .offset(offset);
}

export async function countActiveHandoffs(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(handoffs).where(inArray(handoffs.status, ['open', 'claimed']));
  return row?.n ?? 0;
}

export async function findHandoffForConsole(db: Db, { id }: { id: string }): Promise<HandoffQueueItem | null> {
  const [row] = await queueSelect(db).where(eq(handoffs.id, id)).limit(1);
  return row ?? null;
}

/** Every hand-off of one conversation (oldest first), for the conversation's console page. */
export async function listConversationHandoffs(db: Db, { conversationId }: { conversationId: string }): Promise<HandoffQueueItem[]> {
  return queueSelect(db).where(eq(handoffs.conversationId, conversationId)).orderBy(asc(handoffs.createdAt), asc(handoffs.id));
}

/** The person holding the conversation (its hand-off claimed and not closed), else null. */
export async function findHolder(db: Db, { conversationId }: { conversationId: string }): Promise<{ name: string | null } | null> {
  const [row] = await db
    .select({ name: claimer.name })
    .from(handoffs)
    .leftJoin(claimer, eq(claimer.id, handoffs.claimedBy))
    .where(and(eq(handoffs.conversationId, conversationId), eq(handoffs.status, 'claimed')))
    .limit(1);
  return row ? { name: row.name } : null;
}

/** Why a hand-off could not be claimed, replied to or closed by this expert. */
export type HandoffRefusal =
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'closed' }
  | { ok: false; reason: 'claimed_by_other'; claimedByName: string | null }
  | { ok: false; reason: 'not_claimed' };

async function refusal(db: Db, { id, userId }: { id: string; userId: string }): Promise<HandoffRefusal> {
  const current = await findHandoffForConsole(db, { id });
  if (!current) return { ok: false, reason: 'not_found' };
  if (current.status === 'closed') return { ok: false, reason: 'closed' };
  if (current.status === 'claimed' && current.claimedById !== userId) return { ok: false, reason: 'claimed_by_other', claimedByName: current.claimedByName };
  return { ok: false, reason: 'not_claimed' };
}

/**
 * Claims an open hand-off for one expert, atomically: a single UPDATE … WHERE status = 'open'
 * RETURNING, so of two experts clicking at once exactly one gets it; the other learns who did.
 * Claiming one's own claimed hand-off again is a no-op success (a double click).
 */
export async function claimHandoff(
  db: Db,
  { id, userId }: { id: string; userId: string },
): Promise<{ ok: true; handoff: HandoffRow; already: boolean } | HandoffRefusal> {
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(handoffs)
      .set({ status: 'claimed', claimedBy: userId, claimedAt: sql`now()` })
      .where(and(eq(handoffs.id, id), eq(handoffs.status, 'open')))
      .returning();
    if (row) await enqueueHandoffEvent(tx, { type: 'handoff.claimed', handoffId: row.id });
    return row;
  });
  if (claimed) return { ok: true, handoff: claimed, already: false };
  const [mine] = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.id, id), eq(handoffs.status, 'claimed'), eq(handoffs.claimedBy, userId)))
    .limit(1);
  if (mine) return { ok: true, handoff: mine, already: true };
  return refusal(db, { id, userId });
}

/** A person's reply in the customer's conversation (role 'agent', in the conversation's language), which it brings to the top. */
async function insertAgentMessage(db: Db, { conversationId, content }: { conversationId: string; content: string }): Promise<MessageRow> {
  const [conversation] = await db.select({ lang: conversations.lang }).from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  const [message] = await db.insert(messages).values({ conversationId, role: 'agent', content, lang: conversation?.lang ?? null, outcome: 'agent' }).returning();
  await db.update(conversations).set({ updatedAt: sql`now()` }).where(eq(conversations.id, conversationId));
  return message!;
}

/**
 * The expert's reply, stored in the customer's conversation as a message with role 'agent' (the
 * customer's chat polls for it while the hand-off is open). Only the expert holding the claim
 * may reply, and only until the hand-off is closed: checked under a row lock, in one transaction.
 */
export async function storeAgentReply(
  db: Db,
  { handoffId, userId, content }: { handoffId: string; userId: string; content: string },
): Promise<{ ok: true; message: MessageRow } | HandoffRefusal> {
  const stored = await db.transaction(async (tx) => {
    const [handoff] = await tx.select().from(handoffs).where(eq(handoffs.id, handoffId)).limit(1).for('update');
    if (!handoff || handoff.status !== 'claimed' || handoff.claimedBy !== userId) return null;
    const message = await insertAgentMessage(tx, { conversationId: handoff.conversationId, content });
    const [agent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    await enqueueHandoffEvent(tx, { type: 'handoff.replied', handoffId, reply: { text: content, by: agent?.name ?? null } });
    return message ?? null;
  });
  if (stored) return { ok: true, message: stored };
  return refusal(db, { id: handoffId, userId });
}

/**
 * A reply from the company's helpdesk (the hand-off API), stored like an expert's: in the
 * customer's conversation, while the hand-off is open or claimed. It sends no webhook event
 * (the helpdesk wrote it).
 */
export async function storeHelpdeskReply(db: Db, { handoffId, content }: { handoffId: string; content: string }): Promise<{ ok: true; message: MessageRow } | { ok: false; reason: 'not_found' | 'closed' }> {
  return db.transaction(async (tx) => {
    const [handoff] = await tx.select().from(handoffs).where(eq(handoffs.id, handoffId)).limit(1).for('update');
    if (!handoff) return { ok: false, reason: 'not_found' } as const;
    if (handoff.status === 'closed') return { ok: false, reason: 'closed' } as const;
    return { ok: true, message: await insertAgentMessage(tx, { conversationId: handoff.conversationId, content }) } as const;
  });
}

/** Closes a hand-off the expert holds, with its outcome. A second close changes nothing. */
export async function closeHandoff(
  db: Db,
  { id, userId, outcome }: { id: string; userId: string; outcome: string },
): Promise<{ ok: true; handoff: HandoffRow } | HandoffRefusal> {
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(handoffs)
      .set({ status: 'closed', closedAt: sql`now()`, outcome })
      .where(and(eq(handoffs.id, id), eq(handoffs.status, 'claimed'), eq(handoffs.claimedBy, userId)))
      .returning();
    if (row) await enqueueHandoffEvent(tx, { type: 'handoff.closed', handoffId: row.id });
    return row;
  });
  if (closed) return { ok: true, handoff: closed };
  return refusal(db, { id, userId });
}
