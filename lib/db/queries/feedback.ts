import { sql } from 'drizzle-orm';
import type { FeedbackRating } from '@/lib/domain/chat';
import type { Db } from '../client';
import { feedback } from '../schema';

/** One rating per answer: a second click changes it (and its comment) rather than adding another. */
export async function saveFeedback(
  db: Db,
  { messageId, rating, comment }: { messageId: string; rating: FeedbackRating; comment: string | null },
): Promise<{ rating: FeedbackRating; comment: string | null }> {
  const [row] = await db
    .insert(feedback)
    .values({ messageId, rating, comment })
    .onConflictDoUpdate({ target: feedback.messageId, set: { rating, comment, updatedAt: sql`now()` } })
    .returning({ rating: feedback.rating, comment: feedback.comment });
  if (!row) throw new Error('feedback was not stored');
  return row;
}
