import { and, asc, eq, sql } from 'drizzle-orm';
import type { Citation } from '@/lib/domain/chat';
import type { Db } from '../client';
import { feedback, messages, type MessageRow } from '../schema';

export type StoredUserMessage = { id: string; isRetry: boolean };

/**
 * Stores a customer message once. Sending the same browser message id again is a retry: the
 * stored message is reused and its earlier answers are marked superseded (kept for review).
 */
export async function storeUserMessage(
  db: Db,
  { conversationId, clientId, content, lang }: { conversationId: string; clientId: string; content: string; lang: string | null },
): Promise<StoredUserMessage> {
  const inserted = await db
    .insert(messages)
    .values({ conversationId, clientId, role: 'user', content, lang })
    .onConflictDoNothing({ target: [messages.conversationId, messages.clientId] })
    .returning({ id: messages.id });
  if (inserted[0]) return { id: inserted[0].id, isRetry: false };
  const [existing] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.clientId, clientId)))
    .limit(1);
  if (!existing) throw new Error('message vanished while storing it');
  await db.update(messages).set({ superseded: true }).where(eq(messages.replyTo, existing.id));
  return { id: existing.id, isRetry: true };
}

export async function storeAssistantMessage(
  db: Db,
  input: {
    id: string;
    conversationId: string;
    replyTo: string | null;
    role?: 'assistant' | 'agent';
    content: string;
    lang: string | null;
    outcome: string;
    citations: Citation[];
    suggestions: string[] | null;
    handoffOffered: boolean;
  },
): Promise<void> {
  await db.insert(messages).values({ ...input, role: input.role ?? 'assistant' });
}

export type HistoryMessage = Pick<MessageRow, 'id' | 'role' | 'content' | 'outcome' | 'lang'>;

/** The conversation so far (superseded answers left out), oldest first, at most `limit` recent ones. */
export async function listHistory(db: Db, { conversationId, limit }: { conversationId: string; limit: number }): Promise<HistoryMessage[]> {
  const rows = await db
    .select({ id: messages.id, role: messages.role, content: messages.content, outcome: messages.outcome, lang: messages.lang })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.superseded, false)))
    .orderBy(sql`${messages.seq} desc`)
    .limit(limit);
  return rows.reverse();
}

export type MessageWithFeedback = MessageRow & { feedbackRating: 'up' | 'down' | null; feedbackComment: string | null };

export async function listMessagesWithFeedback(db: Db, { conversationId }: { conversationId: string }): Promise<MessageWithFeedback[]> {
  const rows = await db
    .select({ message: messages, rating: feedback.rating, comment: feedback.comment })
    .from(messages)
    .leftJoin(feedback, eq(feedback.messageId, messages.id))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.superseded, false)))
    .orderBy(asc(messages.seq));
  return rows.map((r) => ({ ...r.message, feedbackRating: r.rating, feedbackComment: r.comment }));
}

export async function findMessage(db: Db, { id }: { id: string }): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row;
}
