import { z } from 'zod';
import type { Config } from '@/lib/config';
import { startJob, stopReason, type JobHandler, type StartJobResult } from '@/lib/console/jobs/runner';
import type { Db } from '@/lib/db/client';
import { attachRunJob, createRun, finishRun, testsInScope, type RunScope } from '@/lib/db/queries/conversation-tests';
import { conversationTestRuns, type ConversationTestRunRow } from '@/lib/db/schema';
import { eq } from 'drizzle-orm';
import { executeRun } from './run';

/**
 * A run of the suite as a console job (kind 'tests'): one run at a time, live progress, and —
 * because each case's result is stored as it finishes — resumable by any instance where the
 * previous one stopped.
 */

export const runScopeSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ group: z.string().min(1).max(60) }).strict(),
  z.object({ testIds: z.array(z.uuid()).min(1).max(500) }).strict(),
]);

const jobParamsSchema = z.object({ runId: z.number().int().positive() });

export function testJobHandler(db: Db, { config, runId }: { config: Config; runId: number }): JobHandler {
  return async (job) => {
    try {
      const run = await executeRun(db, { config, runId, onProgress: ({ done, total, failed }) => job.progress({ phase: 'tests', done, total, errors: failed }) });
      return { result: { runId, status: run.status, passed: run.passed, failed: run.failed, skipped: run.skipped, total: run.total } };
    } catch (error) {
      // Stopped for another instance to resume: the run stays 'running'. Anything else ends it.
      if (stopReason(error) === null) {
        await finishRun(db, { id: runId, status: 'error', error: error instanceof Error ? error.message : String(error) });
      }
      throw error;
    }
  };
}

export function testJobRunId(params: unknown): number {
  return jobParamsSchema.parse(params).runId;
}

export type StartTestRunResult =
  | { ok: true; run: ConversationTestRunRow; jobId: string }
  | { ok: false; reason: 'empty'; message: string }
  | Extract<StartJobResult, { ok: false }>;

/** Records a run of the scope's cases and starts it as a job (unless a run is already going). */
export async function startTestRun(
  db: Db,
  { config, userId, scope, trigger, reason = null }: { config: Config; userId: string | null; scope: RunScope; trigger: ConversationTestRunRow['trigger']; reason?: string | null },
): Promise<StartTestRunResult> {
  const cases = await testsInScope(db, scope);
  if (cases.length === 0) return { ok: false, reason: 'empty', message: 'There is no test case to run in this scope.' };
  const run = await createRun(db, { scope, trigger, reason, createdBy: userId, total: cases.length });
  const started = await startJob(db, { kind: 'tests', params: { runId: run.id }, createdBy: userId, handler: testJobHandler(db, { config, runId: run.id }) });
  if (!started.ok) {
    await db.delete(conversationTestRuns).where(eq(conversationTestRuns.id, run.id));
    return started;
  }
  await attachRunJob(db, { runId: run.id, jobId: started.job.id });
  return { ok: true, run: { ...run, jobId: started.job.id }, jobId: started.job.id };
}
