import type { Db } from '@/lib/db/client';
import { saveAnswerReview, type ReviewVerdict } from '@/lib/db/queries/answer-reviews';
import { findMessage } from '@/lib/db/queries/messages';

export type ReviewResult = { ok: true; conversationId: string } | { ok: false; reason: 'not_found' | 'not_an_answer' };

/** An expert endorses or flags one of the assistant's answers (a second review replaces the first). */
export async function reviewAnswer(
  db: Db,
  { messageId, verdict, comment, reviewerId }: { messageId: string; verdict: ReviewVerdict; comment: string | null; reviewerId: string },
): Promise<ReviewResult> {
  const message = await findMessage(db, { id: messageId });
  if (!message) return { ok: false, reason: 'not_found' };
  if (message.role !== 'assistant') return { ok: false, reason: 'not_an_answer' };
  await saveAnswerReview(db, { messageId, verdict, comment, reviewerId });
  return { ok: true, conversationId: message.conversationId };
}
