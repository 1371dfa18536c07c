import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { cachedRead, dropCachedReads } from '../read-cache';
import { documents, goldenAnswers, users, type GoldenAnswerRow } from '../schema';
import type { Fact } from '@/lib/domain/facts';

export type GoldenAnswerInput = { id: string; lang: string; question: string; answer: string; sourceIds: string[]; tags: string[]; facts: Fact[] };

/** Every golden answer (a few hundred at most: the matcher scores them all in memory). */
export async function listGoldenAnswers(db: Db): Promise<GoldenAnswerRow[]> {
  return db.select().from(goldenAnswers);
}

/**
 * The golden answers in one language: what the chat matches a question against, every message
 * (read at most every few seconds, and again at once after a golden answer is written here:
 * lib/db/read-cache.ts).
 */
export async function listGoldenAnswersIn(db: Db, lang: string): Promise<readonly GoldenAnswerRow[]> {
  return cachedRead(db, 'golden', lang, () => db.select().from(goldenAnswers).where(eq(goldenAnswers.lang, lang)));
}

export async function upsertGoldenAnswer(db: Db, { input, updatedBy }: { input: GoldenAnswerInput; updatedBy: string | null }): Promise<void> {
  await db
    .insert(goldenAnswers)
    .values({ ...input, updatedBy })
    .onConflictDoUpdate({
      target: goldenAnswers.id,
      set: { lang: input.lang, question: input.question, answer: input.answer, sourceIds: input.sourceIds, tags: input.tags, facts: input.facts, updatedBy, updatedAt: sql`now()` },
    });
  dropCachedReads('golden');
}

export async function countGoldenAnswers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(goldenAnswers);
  return row?.n ?? 0;
}

export async function deleteGoldenAnswer(db: Db, { id }: { id: string }): Promise<void> {
  await db.delete(goldenAnswers).where(eq(goldenAnswers.id, id));
  dropCachedReads('golden');
}

/** One golden answer; `forUpdate` locks the row until the surrounding transaction ends. */
export async function findGoldenAnswer(db: Db, { id, forUpdate = false }: { id: string; forUpdate?: boolean }): Promise<GoldenAnswerRow | undefined> {
  const query = db.select().from(goldenAnswers).where(eq(goldenAnswers.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Golden answers by id (for imports: what each line is about to replace), locked when asked. */
export async function findGoldenAnswersByIds(db: Db, { ids, forUpdate = false }: { ids: string[]; forUpdate?: boolean }): Promise<GoldenAnswerRow[]> {
  if (ids.length === 0) return [];
  const query = db.select().from(goldenAnswers).where(inArray(goldenAnswers.id, ids));
  return forUpdate ? query.for('update') : query;
}

/** Inserts a new golden answer; false when the id is taken. */
export async function insertGoldenAnswer(db: Db, { input, updatedBy }: { input: GoldenAnswerInput; updatedBy: string | null }): Promise<boolean> {
  const inserted = await db.insert(goldenAnswers).values({ ...input, updatedBy }).onConflictDoNothing({ target: goldenAnswers.id }).returning({ id: goldenAnswers.id });
  dropCachedReads('golden');
  return inserted.length > 0;
}

/** Replaces a golden answer's content (not its id). */
export async function updateGoldenAnswer(db: Db, { input, updatedBy }: { input: GoldenAnswerInput; updatedBy: string | null }): Promise<void> {
  await db
    .update(goldenAnswers)
    .set({ lang: input.lang, question: input.question, answer: input.answer, sourceIds: input.sourceIds, tags: input.tags, facts: input.facts, updatedBy, updatedAt: sql`now()` })
    .where(eq(goldenAnswers.id, input.id));
  dropCachedReads('golden');
}

export type GoldenFilter = { q?: string; lang?: string; tag?: string };

/** `%`, `_` and `\` are literal in the search box, not LIKE wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterWhere({ q, lang, tag }: GoldenFilter): SQL | undefined {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  return and(
    // Every word must occur in the question, the answer or the id (in any order).
    ...words.map((w) => or(ilike(goldenAnswers.question, likePattern(w)), ilike(goldenAnswers.answer, likePattern(w)), ilike(goldenAnswers.id, likePattern(w)))),
    lang ? eq(goldenAnswers.lang, lang) : undefined,
    tag ? sql`${goldenAnswers.tags} @> ${JSON.stringify([tag])}::jsonb` : undefined,
  );
}

export type GoldenListItem = GoldenAnswerRow & { updatedByName: string | null };

/** One page of golden answers matching the filter, most recently changed first, with the total. */
export async function searchGoldenAnswers(
  db: Db,
  { filter, limit, offset }: { filter: GoldenFilter; limit: number; offset: number },
): Promise<{ items: GoldenListItem[]; total: number }> {
  const where = filterWhere(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select({ golden: goldenAnswers, updatedByName: users.name })
      .from(goldenAnswers)
      .leftJoin(users, eq(users.id, goldenAnswers.updatedBy))
      .where(where)
      .orderBy(desc(goldenAnswers.updatedAt), asc(goldenAnswers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(goldenAnswers).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r.golden, updatedByName: r.updatedByName })), total: count?.n ?? 0 };
}

/** Every golden answer matching the filter (for export), in a stable order. */
export async function listGoldenAnswersMatching(db: Db, { filter }: { filter: GoldenFilter }): Promise<GoldenAnswerRow[]> {
  return db.select().from(goldenAnswers).where(filterWhere(filter)).orderBy(asc(goldenAnswers.lang), asc(goldenAnswers.id));
}

/** Every tag in use, alphabetically. */
export async function listGoldenTags(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`jsonb_array_elements_text(${goldenAnswers.tags})` })
    .from(goldenAnswers)
    .orderBy(sql`1`);
  return rows.map((r) => r.tag);
}

export type SourceDocument = { id: string; slug: string; title: string; lang: string; audience: 'public' | 'internal' };

/** The documents behind golden answers' source ids (missing ids are simply absent). */
export async function findSourceDocuments(db: Db, { ids }: { ids: string[] }): Promise<Map<string, SourceDocument>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: documents.id, slug: documents.slug, title: documents.title, lang: documents.lang, audience: documents.audience })
    .from(documents)
    .where(inArray(documents.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}
