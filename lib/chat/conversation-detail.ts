import { approvalCard } from '@/lib/actions/approval-messages';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import { listConversationApprovals } from '@/lib/db/queries/approvals';
import { findOwnedConversation, type ConversationOwner } from '@/lib/db/queries/conversations';
import { findCurrentHandoff } from '@/lib/db/queries/handoffs';
import { listMessagesWithFeedback } from '@/lib/db/queries/messages';
import { isLocale } from '@/lib/i18n/locales';
import { ANSWER_OUTCOMES, type AnswerOutcome, type ChatUIMessage, type Citation, type ConversationDetail } from '@/lib/domain/chat';

function asOutcome(value: string | null): AnswerOutcome | undefined {
  return ANSWER_OUTCOMES.find((o) => o === value);
}

/** A stored conversation as the chat UI renders it, or null when it is not this owner's. */
export async function loadConversationDetail(db: Db, { id, owner }: { id: string; owner: ConversationOwner }): Promise<ConversationDetail | null> {
  const conversation = await findOwnedConversation(db, { id, owner });
  if (!conversation) return null;
  const [rows, handoff, approvals] = await Promise.all([
    listMessagesWithFeedback(db, { conversationId: id }),
    findCurrentHandoff(db, { conversationId: id }),
    listConversationApprovals(db, { conversationId: id }),
  ]);
  const cards = new Map<string, ApprovalCard[]>();
  for (const approval of approvals) {
    if (approval.messageId) cards.set(approval.messageId, [...(cards.get(approval.messageId) ?? []), approvalCard(approval)]);
  }
  const messages: ChatUIMessage[] = rows.map((m) => ({
    id: m.role === 'user' ? (m.clientId ?? m.id) : m.id,
    role: m.role === 'user' ? 'user' : 'assistant',
    parts: [
      ...(cards.get(m.id) ?? []).map((card) => ({ type: 'data-approval' as const, id: card.approvalId, data: card })),
      { type: 'text' as const, text: m.content },
    ],
    metadata: {
      conversationId: id,
      messageId: m.id,
      outcome: m.role === 'agent' ? 'agent' : asOutcome(m.outcome),
      handoffOffered: m.handoffOffered,
      citations: m.citations as Citation[],
      suggestions: m.suggestions ?? undefined,
      lang: isLocale(m.lang) ? m.lang : undefined,
      feedback: m.feedbackRating ? { rating: m.feedbackRating, comment: m.feedbackComment } : null,
      createdAt: m.createdAt.toISOString(),
    },
  }));
  return { id, title: conversation.title, messages, handoff };
}
