import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { conversationTestResults, conversationTestRuns, conversationTests, type ConversationTestResultRow, type ConversationTestRow, type ConversationTestRunRow } from '../schema';

/**
 * The experts' conversation test suite (lib/conversation-tests): the cases, the runs and each
 * case's result in a run. A run's results are written case by case, so a run resumed by another
 * instance carries on where it stopped and a reload shows how far it got.
 */

export type TestFields = { name: string; group: string; lang: string; customer: string | null; turns: unknown[]; simulation?: object | null };

/** The columns a case's fields are stored in (a case without a simulation clears the column). */
function columns(fields: TestFields) {
  return { ...fields, simulation: (fields.simulation ?? null) as Record<string, unknown> | null };
}

export async function listTests(db: Db, { group }: { group?: string } = {}): Promise<ConversationTestRow[]> {
  return db
    .select()
    .from(conversationTests)
    .where(group ? eq(conversationTests.group, group) : undefined)
    .orderBy(asc(conversationTests.group), asc(conversationTests.name));
}

export async function findTest(db: Db, { id }: { id: string }): Promise<ConversationTestRow | null> {
  const [row] = await db.select().from(conversationTests).where(eq(conversationTests.id, id)).limit(1);
  return row ?? null;
}

export async function findTestByName(db: Db, { name }: { name: string }): Promise<ConversationTestRow | null> {
  const [row] = await db.select().from(conversationTests).where(eq(conversationTests.name, name)).limit(1);
  return row ?? null;
}

export async function countTests(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(conversationTests);
  return Number(row?.n ?? 0);
}

/** Creates a case; null when the name is taken. */
export async function createTest(db: Db, { fields, createdBy, sourceConversationId = null }: { fields: TestFields; createdBy: string | null; sourceConversationId?: string | null }): Promise<ConversationTestRow | null> {
  const [row] = await db
    .insert(conversationTests)
    .values({ ...columns(fields), createdBy, sourceConversationId })
    .onConflictDoNothing({ target: conversationTests.name })
    .returning();
  return row ?? null;
}

export type UpdateTestResult = { status: 'updated'; test: ConversationTestRow } | { status: 'not_found' } | { status: 'name_taken' };

export async function updateTest(db: Db, { id, fields }: { id: string; fields: TestFields }): Promise<UpdateTestResult> {
  const clash = await findTestByName(db, { name: fields.name });
  if (clash && clash.id !== id) return { status: 'name_taken' };
  const [row] = await db.update(conversationTests).set({ ...columns(fields), updatedAt: new Date() }).where(eq(conversationTests.id, id)).returning();
  return row ? { status: 'updated', test: row } : { status: 'not_found' };
}

export async function deleteTest(db: Db, { id }: { id: string }): Promise<boolean> {
  const deleted = await db.delete(conversationTests).where(eq(conversationTests.id, id)).returning({ id: conversationTests.id });
  return deleted.length > 0;
}

/** Imports cases by name: a new name is added, a known one is replaced. One transaction: all or nothing. */
export async function importTests(db: Db, { cases, createdBy }: { cases: TestFields[]; createdBy: string | null }): Promise<{ added: number; replaced: number }> {
  return db.transaction(async (tx) => {
    let added = 0;
    let replaced = 0;
    for (const fields of cases) {
      const existing = await findTestByName(tx as unknown as Db, { name: fields.name });
      if (existing) {
        await tx.update(conversationTests).set({ ...columns(fields), updatedAt: new Date() }).where(eq(conversationTests.id, existing.id));
        replaced += 1;
      } else {
        await tx.insert(conversationTests).values({ ...columns(fields), createdBy });
        added += 1;
      }
    }
    return { added, replaced };
  });
}

export type RunScope = { all: true } | { group: string } | { testIds: string[] };

/** The cases a scope names, in suite order. */
export async function testsInScope(db: Db, scope: RunScope): Promise<ConversationTestRow[]> {
  if ('group' in scope) return listTests(db, { group: scope.group });
  if ('testIds' in scope) {
    if (scope.testIds.length === 0) return [];
    return db.select().from(conversationTests).where(inArray(conversationTests.id, scope.testIds)).orderBy(asc(conversationTests.group), asc(conversationTests.name));
  }
  return listTests(db);
}

export async function createRun(
  db: Db,
  { scope, trigger, reason = null, createdBy, total }: { scope: RunScope; trigger: ConversationTestRunRow['trigger']; reason?: string | null; createdBy: string | null; total: number },
): Promise<ConversationTestRunRow> {
  const [row] = await db.insert(conversationTestRuns).values({ scope, trigger, reason, createdBy, total }).returning();
  return row!;
}

export async function attachRunJob(db: Db, { runId, jobId }: { runId: number; jobId: string }): Promise<void> {
  await db.update(conversationTestRuns).set({ jobId }).where(eq(conversationTestRuns.id, runId));
}

export async function findRun(db: Db, { id }: { id: number }): Promise<ConversationTestRunRow | null> {
  const [row] = await db.select().from(conversationTestRuns).where(eq(conversationTestRuns.id, id)).limit(1);
  return row ?? null;
}

export async function listRuns(db: Db, { limit = 20 }: { limit?: number } = {}): Promise<ConversationTestRunRow[]> {
  return db.select().from(conversationTestRuns).orderBy(desc(conversationTestRuns.id)).limit(limit);
}

/** The finished run before this one (any scope): what a run's results are compared with. */
export async function previousRun(db: Db, { before }: { before: number }): Promise<ConversationTestRunRow | null> {
  const [row] = await db
    .select()
    .from(conversationTestRuns)
    .where(and(lt(conversationTestRuns.id, before), inArray(conversationTestRuns.status, ['passed', 'failed'])))
    .orderBy(desc(conversationTestRuns.id))
    .limit(1);
  return row ?? null;
}

export async function storeResult(db: Db, result: typeof conversationTestResults.$inferInsert): Promise<void> {
  await db
    .insert(conversationTestResults)
    .values(result)
    .onConflictDoUpdate({
      target: [conversationTestResults.runId, conversationTestResults.testId],
      set: { status: result.status, turns: result.turns, reason: result.reason ?? null, ms: result.ms ?? 0, name: result.name, group: result.group, lang: result.lang },
    });
}

export async function resultsOf(db: Db, { runId }: { runId: number }): Promise<ConversationTestResultRow[]> {
  return db.select().from(conversationTestResults).where(eq(conversationTestResults.runId, runId)).orderBy(asc(conversationTestResults.group), asc(conversationTestResults.name));
}

/** The latest result of each case, from any run: the suite page's status column. */
export async function latestResults(db: Db): Promise<Map<string, Pick<ConversationTestResultRow, 'testId' | 'runId' | 'status'>>> {
  const rows = await db
    .selectDistinctOn([conversationTestResults.testId], { testId: conversationTestResults.testId, runId: conversationTestResults.runId, status: conversationTestResults.status })
    .from(conversationTestResults)
    .orderBy(conversationTestResults.testId, desc(conversationTestResults.runId));
  return new Map(rows.map((r) => [r.testId, r]));
}

export async function finishRun(db: Db, { id, status, error = null }: { id: number; status: ConversationTestRunRow['status']; error?: string | null }): Promise<ConversationTestRunRow> {
  const [counts] = await db
    .select({
      passed: sql<number>`count(*) filter (where ${conversationTestResults.status} = 'passed')::int`,
      failed: sql<number>`count(*) filter (where ${conversationTestResults.status} in ('failed', 'error'))::int`,
      skipped: sql<number>`count(*) filter (where ${conversationTestResults.status} = 'skipped')::int`,
    })
    .from(conversationTestResults)
    .where(eq(conversationTestResults.runId, id));
  const [row] = await db
    .update(conversationTestRuns)
    .set({ status, error, finishedAt: new Date(), passed: Number(counts?.passed ?? 0), failed: Number(counts?.failed ?? 0), skipped: Number(counts?.skipped ?? 0) })
    .where(eq(conversationTestRuns.id, id))
    .returning();
  return row!;
}

/** Per case, its latest result in a run before `runId` (what a run is compared with). */
export async function previousResults(db: Db, { runId, testIds }: { runId: number; testIds: string[] }): Promise<Map<string, ConversationTestResultRow>> {
  if (testIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([conversationTestResults.testId])
    .from(conversationTestResults)
    .where(and(lt(conversationTestResults.runId, runId), inArray(conversationTestResults.testId, testIds)))
    .orderBy(conversationTestResults.testId, desc(conversationTestResults.runId));
  return new Map(rows.map((r) => [r.testId, r]));
}
