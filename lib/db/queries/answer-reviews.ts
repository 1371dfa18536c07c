import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { answerReviews, messages, users } from '../schema';

export const REVIEW_VERDICTS = ['endorsed', 'flagged'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];

export type AnswerReview = {
  messageId: string;
  verdict: ReviewVerdict;
  comment: string | null;
  reviewerId: string | null;
  reviewerName: string | null;
  reviewedAt: Date;
};

/**
 * An expert's verdict on one answer. One per answer: a second review (by the same or another
 * expert) replaces the first, so the console always shows the current verdict and who gave it.
 */
export async function saveAnswerReview(
  db: Db,
  { messageId, verdict, comment, reviewerId }: { messageId: string; verdict: ReviewVerdict; comment: string | null; reviewerId: string },
): Promise<void> {
  await db
    .insert(answerReviews)
    .values({ messageId, verdict, comment, reviewerId })
    .onConflictDoUpdate({ target: answerReviews.messageId, set: { verdict, comment, reviewerId, reviewedAt: sql`now()` } });
}

/** The reviews of a conversation's answers, with the reviewer's name. */
export async function listConversationReviews(db: Db, { conversationId }: { conversationId: string }): Promise<AnswerReview[]> {
  return db
    .select({
      messageId: answerReviews.messageId,
      verdict: answerReviews.verdict,
      comment: answerReviews.comment,
      reviewerId: answerReviews.reviewerId,
      reviewerName: users.name,
      reviewedAt: answerReviews.reviewedAt,
    })
    .from(answerReviews)
    .innerJoin(messages, eq(messages.id, answerReviews.messageId))
    .leftJoin(users, eq(users.id, answerReviews.reviewerId))
    .where(eq(messages.conversationId, conversationId));
}

export async function findAnswerReview(db: Db, { messageId }: { messageId: string }): Promise<AnswerReview | null> {
  const [row] = await db
    .select({
      messageId: answerReviews.messageId,
      verdict: answerReviews.verdict,
      comment: answerReviews.comment,
      reviewerId: answerReviews.reviewerId,
      reviewerName: users.name,
      reviewedAt: answerReviews.reviewedAt,
    })
    .from(answerReviews)
    .leftJoin(users, eq(users.id, answerReviews.reviewerId))
    .where(eq(answerReviews.messageId, messageId))
    .limit(1);
  return row ?? null;
}
