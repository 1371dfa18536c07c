import type { Db } from '../client';
import { answerTraces } from '../schema';

export type NewAnswerTrace = typeof answerTraces.$inferInsert;

export async function storeAnswerTrace(db: Db, trace: NewAnswerTrace): Promise<void> {
  await db.insert(answerTraces).values(trace);
}
