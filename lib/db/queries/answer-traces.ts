import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { answerTraces, type FollowUp } from '../schema';

export type NewAnswerTrace = typeof answerTraces.$inferInsert;

export async function storeAnswerTrace(db: Db, trace: NewAnswerTrace): Promise<void> {
  await db.insert(answerTraces).values(trace);
}

/** The conversation's latest reply trace: the question it answered, and how. */
export async function latestAnswerTrace(db: Db, { conversationId }: { conversationId: string }): Promise<{ id: number; question: string; lang: string; outcome: string } | undefined> {
  const [row] = await db
    .select({ id: answerTraces.id, question: answerTraces.question, lang: answerTraces.lang, outcome: answerTraces.outcome })
    .from(answerTraces)
    .where(eq(answerTraces.conversationId, conversationId))
    .orderBy(desc(answerTraces.createdAt), desc(answerTraces.id))
    .limit(1);
  return row;
}

export async function setFollowedBy(db: Db, { id, followedBy }: { id: number; followedBy: FollowUp }): Promise<void> {
  await db.update(answerTraces).set({ followedBy }).where(eq(answerTraces.id, id));
}
