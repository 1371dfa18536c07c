import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { conversations } from '../schema';

/** The conversation's stored dialog state, unparsed (lib/chat/dialog-state.ts gives it a shape). */
export async function loadDialogState(db: Db, { conversationId }: { conversationId: string }): Promise<unknown> {
  const [row] = await db.select({ dialog: conversations.dialog }).from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  return row?.dialog ?? {};
}

export async function saveDialogState(db: Db, { conversationId, state }: { conversationId: string; state: Record<string, unknown> }): Promise<void> {
  await db.update(conversations).set({ dialog: state }).where(eq(conversations.id, conversationId));
}
