import type { Db } from '@/lib/db/client';
import { findRun, previousResults, resultsOf } from '@/lib/db/queries/conversation-tests';
import { findJob } from '@/lib/db/queries/jobs';
import type { ConversationTestRunRow, JobRow } from '@/lib/db/schema';
import { diffResults, type CaseDiff, type ResultLike } from './diff';

export type RunView = { run: ConversationTestRunRow; job: JobRow | null; cases: CaseDiff[] };

/** A run with each case's result compared with the case's latest earlier result (newly failing first). */
export async function loadRunView(db: Db, { id }: { id: number }): Promise<RunView | null> {
  const run = await findRun(db, { id });
  if (!run) return null;
  const current = (await resultsOf(db, { runId: id })) as ResultLike[];
  const previous = await previousResults(db, { runId: id, testIds: current.map((r) => r.testId) });
  const job = run.jobId ? await findJob(db, { id: run.jobId }) : null;
  return { run, job, cases: diffResults(current, previous as Map<string, ResultLike & { runId: number }>) };
}
