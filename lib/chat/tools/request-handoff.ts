import { tool } from 'ai';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { requestHandoff } from '@/lib/db/queries/handoffs';
import { HANDOFF_REASONS } from '@/lib/domain/chat';

/**
 * Opens a hand-off to a person for this conversation (at most one open: a second call returns the
 * open one). The model calls it when the customer asks for a person or it cannot help.
 */
export function requestHandoffTool({ db, conversationId, onOpened }: { db: Db; conversationId: string; onOpened: () => void }) {
  return tool({
    description: 'Hands the conversation to a person from the support team. Use it when the customer asks for a human, or when you cannot help with the tools you have.',
    inputSchema: z.object({
      reason: z.enum(HANDOFF_REASONS).describe('customer_request when they asked for a person; missing_knowledge when the help center has no answer'),
      note: z.string().max(500).optional().describe('One line for the support team: what the customer needs'),
    }),
    execute: async ({ reason, note }) => {
      const { handoff } = await requestHandoff(db, { conversationId, reason, note: note ?? null });
      onOpened();
      return { opened: true, status: handoff.status, say: 'Tell the customer a person from the support team will reply in this chat.' };
    },
  });
}
