import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { goldenAnswers, type GoldenAnswerRow } from '../schema';

export type GoldenAnswerInput = { id: string; lang: string; question: string; answer: string; sourceIds: string[]; tags: string[] };

/** Every golden answer (a few hundred at most: the matcher scores them all in memory). */
export async function listGoldenAnswers(db: Db): Promise<GoldenAnswerRow[]> {
  return db.select().from(goldenAnswers);
}

export async function upsertGoldenAnswer(db: Db, { input, updatedBy }: { input: GoldenAnswerInput; updatedBy: string | null }): Promise<void> {
  await db
    .insert(goldenAnswers)
    .values({ ...input, updatedBy })
    .onConflictDoUpdate({
      target: goldenAnswers.id,
      set: { lang: input.lang, question: input.question, answer: input.answer, sourceIds: input.sourceIds, tags: input.tags, updatedBy, updatedAt: sql`now()` },
    });
}

export async function countGoldenAnswers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(goldenAnswers);
  return row?.n ?? 0;
}

export async function deleteGoldenAnswer(db: Db, { id }: { id: string }): Promise<void> {
  await db.delete(goldenAnswers).where(eq(goldenAnswers.id, id));
}
