import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { upsertGoldenAnswer, type GoldenAnswerInput } from '@/lib/db/queries/golden-answers';
import { afterWrite } from '@/lib/db/read-cache';
import { findMessage } from '@/lib/db/queries/messages';
import { documents, goldenAnswers, goldenAnswerVersions } from '@/lib/db/schema';
import { toSnapshot } from '@/lib/console/golden/schema';

/** The golden answer an answer is promoted to: one per answer, so promoting again updates it. */
export function promotedGoldenId(messageId: string): string {
  return `conv-${messageId}`;
}

export type PromoteInput = {
  messageId: string;
  question: string;
  /** The answer as the expert wants it given (the assistant's text, corrected). */
  answer: string;
  lang: string;
  sourceIds: string[];
  userId: string;
};

export type PromoteResult =
  | { ok: true; goldenId: string; action: 'create' | 'update'; conversationId: string }
  | { ok: false; reason: 'not_found' | 'not_an_answer' }
  | { ok: false; reason: 'unknown_sources'; unknown: string[] };

/**
 * Makes an answer a golden answer: the next customer who asks the question (or nearly) gets it
 * verbatim. The golden answer and its version row (who, when, before and after) are written in
 * one transaction, so the history never misses a change.
 */
export async function promoteAnswerToGolden(db: Db, input: PromoteInput): Promise<PromoteResult> {
  const message = await findMessage(db, { id: input.messageId });
  if (!message) return { ok: false, reason: 'not_found' };
  if (message.role !== 'assistant') return { ok: false, reason: 'not_an_answer' };

  const sourceIds = [...new Set(input.sourceIds.map((s) => s.trim()).filter(Boolean))];
  if (sourceIds.length > 0) {
    const known = new Set((await db.select({ id: documents.id }).from(documents).where(inArray(documents.id, sourceIds))).map((d) => d.id));
    const unknown = sourceIds.filter((id) => !known.has(id));
    if (unknown.length > 0) return { ok: false, reason: 'unknown_sources', unknown };
  }

  const id = promotedGoldenId(input.messageId);
  const action = await afterWrite('golden', db.transaction(async (tx) => {
    const [before] = await tx.select().from(goldenAnswers).where(eq(goldenAnswers.id, id)).limit(1).for('update');
    const after: GoldenAnswerInput = { id, lang: input.lang, question: input.question, answer: input.answer, sourceIds, tags: before?.tags ?? [], facts: before?.facts ?? [] };
    await upsertGoldenAnswer(tx as unknown as Db, { input: after, updatedBy: input.userId });
    const kind = before ? ('update' as const) : ('create' as const);
    await tx
      .insert(goldenAnswerVersions)
      .values({ goldenId: id, action: kind, before: before ? toSnapshot(before) : null, after: toSnapshot(after), changedBy: input.userId });
    return kind;
  }));
  return { ok: true, goldenId: id, action, conversationId: message.conversationId };
}
