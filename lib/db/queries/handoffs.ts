import { and, desc, eq, ne } from 'drizzle-orm';
import type { HandoffReason, HandoffSummary } from '@/lib/chat/contract';
import type { Db } from '../client';
import { handoffs, type HandoffRow } from '../schema';

function summary(row: HandoffRow): HandoffSummary {
  return { id: row.id, reason: row.reason as HandoffReason, status: row.status, createdAt: row.createdAt.toISOString() };
}

/**
 * Opens a hand-off for the conversation. A conversation has at most one that is not closed: asking
 * again returns the open one (a double click or a second SOS must not queue the customer twice).
 */
export async function requestHandoff(
  db: Db,
  { conversationId, reason, note }: { conversationId: string; reason: HandoffReason; note: string | null },
): Promise<{ handoff: HandoffSummary; created: boolean }> {
  const [inserted] = await db.insert(handoffs).values({ conversationId, reason, note }).onConflictDoNothing().returning();
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
