import { randomUUID } from 'node:crypto';
import type { ChatUIMessage } from '@/lib/domain/chat';
import type { Db } from '@/lib/db/client';
import { createApproval, finishApproval } from '@/lib/db/queries/approvals';
import { touchConversation } from '@/lib/db/queries/conversations';
import { storeAssistantMessage } from '@/lib/db/queries/messages';
import type { ApprovalRow } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { APPROVAL_TTL_MS } from './account-turn';
import { approvalCard } from './approval-messages';
import type { ActionPreview, ApprovalCard, WriteToolName } from '@/lib/domain/account-tools';
import { termsChangedText } from './phrasing';

export type RefreshedApproval = { card: ApprovalCard; message: ChatUIMessage };

/**
 * The terms of a claimed approval changed before it ran: nothing executes. In one transaction
 * the old approval becomes 'superseded' and a new pending one (same input, same conversation,
 * the current terms) is proposed in a new assistant message that says why. The customer gets
 * the old card's final state and that message, which carries the new card. Null when the old
 * approval is no longer 'executing' (the stuck-approval sweep resolved it meanwhile).
 */
export async function refreshApproval(
  db: Db,
  { approval, preview, lang, now }: { approval: ApprovalRow; preview: ActionPreview; lang: Locale; now: Date },
): Promise<RefreshedApproval | null> {
  const toolName = approval.toolName as WriteToolName;
  const newId = randomUUID();
  const messageId = randomUUID();
  const text = termsChangedText(lang);
  return db.transaction(async (tx) => {
    const superseded = await finishApproval(tx, { id: approval.id, status: 'superseded', result: { text, supersededBy: newId, preview } });
    if (!superseded) return null;
    await storeAssistantMessage(tx, {
      id: messageId,
      conversationId: approval.conversationId,
      replyTo: null,
      content: text,
      lang,
      outcome: 'approval',
      citations: [],
      suggestions: null,
      handoffOffered: false,
    });
    const { approval: fresh } = await createApproval(tx, {
      id: newId,
      conversationId: approval.conversationId,
      userId: approval.userId,
      customerId: approval.customerId,
      toolName,
      // An approval is superseded at most once, so this key is unique (and a replay is a no-op).
      toolCallId: `refreshed:${approval.id}`,
      input: approval.input,
      preview,
      requestText: approval.requestText,
      expiresAt: new Date(now.getTime() + APPROVAL_TTL_MS),
      messageId,
      now,
    });
    await touchConversation(tx, { id: approval.conversationId, lang });
    const card = approvalCard(fresh);
    const message: ChatUIMessage = {
      id: messageId,
      role: 'assistant',
      parts: [
        { type: 'data-approval', id: card.approvalId, data: card },
        { type: 'text', text },
      ],
      metadata: { conversationId: approval.conversationId, messageId, outcome: 'approval', lang, handoffOffered: false, citations: [], feedback: null, createdAt: now.toISOString() },
    };
    return { card: approvalCard(superseded), message };
  });
}
