import type { Db } from '@/lib/db/client';
import { findOwnedConversation, type ConversationOwner } from '@/lib/db/queries/conversations';
import { findCurrentHandoff } from '@/lib/db/queries/handoffs';
import { listMessagesWithFeedback } from '@/lib/db/queries/messages';
import { isLocale } from '@/lib/i18n/locales';
import { ANSWER_OUTCOMES, type AnswerOutcome, type ChatUIMessage, type Citation, type ConversationDetail } from './contract';

function asOutcome(value: string | null): AnswerOutcome | undefined {
  return ANSWER_OUTCOMES.find((o) => o === value);
}

/** A stored conversation as the chat UI renders it, or null when it is not this owner's. */
export async function loadConversationDetail(db: Db, { id, owner }: { id: string; owner: ConversationOwner }): Promise<ConversationDetail | null> {
  const conversation = await findOwnedConversation(db, { id, owner });
  if (!conversation) return null;
  const [rows, handoff] = await Promise.all([listMessagesWithFeedback(db, { conversationId: id }), findCurrentHandoff(db, { conversationId: id })]);
  const messages: ChatUIMessage[] = rows.map((m) => ({
    id: m.role === 'user' ? (m.clientId ?? m.id) : m.id,
    role: m.role === 'user' ? 'user' : 'assistant',
    parts: [{ type: 'text', text: m.content }],
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
