import type { Db } from '@/lib/db/client';
import { insertGoldenAnswerVersion } from '@/lib/db/queries/golden-answer-versions';
import { findGoldenAnswersByIds, findSourceDocuments, upsertGoldenAnswer } from '@/lib/db/queries/golden-answers';
import { afterWrite } from '@/lib/db/read-cache';
import { parseGoldenJsonl, type LineError } from './jsonl';
import { sameSnapshot, toSnapshot } from './schema';

export type ImportResult =
  | {
      ok: true;
      created: string[];
      updated: string[];
      unchanged: string[];
      /** Lines whose source ids name no article: imported all the same, shown as broken links. */
      warnings: LineError[];
    }
  | { ok: false; errors: LineError[]; lines: number };

/**
 * Imports a JSONL file of golden answers: all or nothing. Every line is checked first; one bad
 * line and nothing is written. Otherwise every answer is created or replaced in one transaction,
 * each change with an 'import' history row (unchanged answers get none).
 */
export async function importGoldenJsonl(db: Db, { text, userId }: { text: string; userId: string | null }): Promise<ImportResult> {
  const { items, errors } = parseGoldenJsonl(text);
  if (errors.length > 0) return { ok: false, errors, lines: items.length + errors.length };

  const documents = await findSourceDocuments(db, { ids: items.flatMap((i) => i.sourceIds) });
  const warnings: LineError[] = items.flatMap((item) => {
    const absent = item.sourceIds.filter((id) => !documents.has(id));
    return absent.length > 0 ? [{ line: item.line, id: item.id, reason: `no article with the id ${absent.join(', ')}` }] : [];
  });

  return afterWrite('golden', db.transaction(async (tx) => {
    const created: string[] = [];
    const updated: string[] = [];
    const unchanged: string[] = [];
    const existing = new Map((await findGoldenAnswersByIds(tx, { ids: items.map((i) => i.id), forUpdate: true })).map((r) => [r.id, r]));
    for (const item of items) {
      const input = { id: item.id, lang: item.lang, question: item.question, answer: item.answer, sourceIds: item.sourceIds, tags: item.tags, facts: item.facts };
      const before = existing.get(input.id);
      const after = toSnapshot(input);
      if (before && sameSnapshot(toSnapshot(before), after)) {
        unchanged.push(input.id);
        continue;
      }
      await upsertGoldenAnswer(tx, { input, updatedBy: userId });
      await insertGoldenAnswerVersion(tx, { goldenId: input.id, action: 'import', before: before ? toSnapshot(before) : null, after, changedBy: userId });
      (before ? updated : created).push(input.id);
    }
    return { ok: true, created, updated, unchanged, warnings } as const;
  }));
}
