import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { evalRuns } from '@/lib/db/schema';

/** Stored evaluation runs (eval_runs), for the console's charts, tables and comparisons. */

export type EvalRunKind = 'retrieval' | 'answers' | 'actions' | 'dialogs' | 'pairwise';
export type EvalRunSummaryRow = { id: number; kind: string; createdAt: Date; config: Record<string, unknown>; metrics: Record<string, unknown> };
export type EvalRunRow = EvalRunSummaryRow & { results: unknown[] };

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Runs without their per-question results (which can be large), newest first. */
export async function listEvalRuns(db: Db, { kinds, limit = 200 }: { kinds?: string[]; limit?: number } = {}): Promise<EvalRunSummaryRow[]> {
  const rows = await db
    .select({ id: evalRuns.id, kind: evalRuns.kind, createdAt: evalRuns.createdAt, config: evalRuns.config, metrics: evalRuns.metrics })
    .from(evalRuns)
    .where(kinds && kinds.length > 0 ? inArray(evalRuns.kind, kinds) : undefined)
    .orderBy(desc(evalRuns.createdAt), desc(evalRuns.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, config: asRecord(r.config), metrics: asRecord(r.metrics) }));
}

export async function findEvalRun(db: Db, { id }: { id: number }): Promise<EvalRunRow | null> {
  const [row] = await db.select().from(evalRuns).where(eq(evalRuns.id, id)).limit(1);
  if (!row) return null;
  return { id: row.id, kind: row.kind, createdAt: row.createdAt, config: asRecord(row.config), metrics: asRecord(row.metrics), results: Array.isArray(row.results) ? row.results : [] };
}
