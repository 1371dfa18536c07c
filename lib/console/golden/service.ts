import type { Db } from '@/lib/db/client';
import { insertGoldenAnswerVersion } from '@/lib/db/queries/golden-answer-versions';
import { deleteGoldenAnswer, findGoldenAnswer, findSourceDocuments, insertGoldenAnswer, updateGoldenAnswer } from '@/lib/db/queries/golden-answers';
import { afterWrite } from '@/lib/db/read-cache';
import type { GoldenAnswerRow } from '@/lib/db/schema';
import { fieldErrorsOf, goldenInputSchema, sameSnapshot, toSnapshot, type FieldErrors } from './schema';

/**
 * Writing golden answers from the console. Every change lands together with its history row
 * (golden_answer_versions: action, before, after, who) in one transaction: there is no change
 * without a record of it, and no record of a change that did not happen.
 */

export type GoldenWriteFailure =
  | { ok: false; code: 'invalid'; message: string; fieldErrors: FieldErrors }
  | { ok: false; code: 'missing_sources'; message: string; missingSources: string[] }
  | { ok: false; code: 'id_taken' | 'not_found' | 'conflict'; message: string; fieldErrors?: FieldErrors };

export type GoldenWriteResult = { ok: true; golden: GoldenAnswerRow; changed: boolean; missingSources: string[] } | GoldenWriteFailure;

/** Source ids that name no document (listed in the order given). */
export async function missingSourceIds(db: Db, { ids }: { ids: string[] }): Promise<string[]> {
  const found = await findSourceDocuments(db, { ids });
  return ids.filter((id) => !found.has(id));
}

function invalid(error: Parameters<typeof fieldErrorsOf>[0]): GoldenWriteFailure {
  return { ok: false, code: 'invalid', message: 'Some fields need a look.', fieldErrors: fieldErrorsOf(error) };
}

function missing(ids: string[]): GoldenWriteFailure {
  return {
    ok: false,
    code: 'missing_sources',
    message: `No article has the id ${ids.map((id) => `“${id}”`).join(', ')}. Check the ids, or save anyway to keep them (they show as broken links until such an article is ingested).`,
    missingSources: ids,
  };
}

type WriteOptions = { userId: string | null; allowMissingSources?: boolean };

/** A new golden answer (its id must be free), with a 'create' history row. */
export async function createGolden(db: Db, { input, userId, allowMissingSources = false }: WriteOptions & { input: unknown }): Promise<GoldenWriteResult> {
  const parsed = goldenInputSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const data = parsed.data;
  const absent = await missingSourceIds(db, { ids: data.sourceIds });
  if (absent.length > 0 && !allowMissingSources) return missing(absent);
  return afterWrite('golden', db.transaction(async (tx) => {
    if (!(await insertGoldenAnswer(tx, { input: data, updatedBy: userId }))) {
      return { ok: false, code: 'id_taken', message: `A golden answer with the id “${data.id}” already exists.`, fieldErrors: { id: 'This id is taken: choose another.' } } as const;
    }
    const golden = (await findGoldenAnswer(tx, { id: data.id }))!;
    await insertGoldenAnswerVersion(tx, { goldenId: data.id, action: 'create', before: null, after: toSnapshot(golden), changedBy: userId });
    return { ok: true, golden, changed: true, missingSources: absent } as const;
  }));
}

/**
 * Replaces a golden answer's content (the id stays). `expectedUpdatedAt` (what the editor
 * loaded) turns a concurrent edit into a conflict instead of silently overwriting it. Saving
 * without a change writes nothing.
 */
export async function updateGolden(
  db: Db,
  { id, input, userId, allowMissingSources = false, expectedUpdatedAt }: WriteOptions & { id: string; input: unknown; expectedUpdatedAt?: Date },
): Promise<GoldenWriteResult> {
  const parsed = goldenInputSchema.safeParse({ ...(input as object), id });
  if (!parsed.success) return invalid(parsed.error);
  const data = parsed.data;
  const absent = await missingSourceIds(db, { ids: data.sourceIds });
  if (absent.length > 0 && !allowMissingSources) return missing(absent);
  return afterWrite('golden', db.transaction(async (tx) => {
    const before = await findGoldenAnswer(tx, { id, forUpdate: true });
    if (!before) return { ok: false, code: 'not_found', message: `There is no golden answer “${id}” (any more).` } as const;
    if (expectedUpdatedAt && before.updatedAt.getTime() !== expectedUpdatedAt.getTime()) {
      return { ok: false, code: 'conflict', message: 'Someone changed this answer after you opened it. Reload the page to see their version, then edit again.' } as const;
    }
    const beforeSnapshot = toSnapshot(before);
    if (sameSnapshot(beforeSnapshot, toSnapshot(data))) return { ok: true, golden: before, changed: false, missingSources: absent } as const;
    await updateGoldenAnswer(tx, { input: data, updatedBy: userId });
    const golden = (await findGoldenAnswer(tx, { id }))!;
    await insertGoldenAnswerVersion(tx, { goldenId: id, action: 'update', before: beforeSnapshot, after: toSnapshot(golden), changedBy: userId });
    return { ok: true, golden, changed: true, missingSources: absent } as const;
  }));
}

export type GoldenDeleteResult = { ok: true; deleted: GoldenAnswerRow } | { ok: false; code: 'not_found'; message: string };

/** Deletes a golden answer; its history stays, ending with a 'delete' row that keeps the text. */
export async function deleteGolden(db: Db, { id, userId }: { id: string; userId: string | null }): Promise<GoldenDeleteResult> {
  return afterWrite('golden', db.transaction(async (tx) => {
    const before = await findGoldenAnswer(tx, { id, forUpdate: true });
    if (!before) return { ok: false, code: 'not_found', message: `There is no golden answer “${id}” (any more).` } as const;
    await deleteGoldenAnswer(tx, { id });
    await insertGoldenAnswerVersion(tx, { goldenId: id, action: 'delete', before: toSnapshot(before), after: null, changedBy: userId });
    return { ok: true, deleted: before } as const;
  }));
}
