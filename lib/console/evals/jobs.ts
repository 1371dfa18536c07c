import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { startJob, type StartJobResult } from '@/lib/console/jobs/runner';
import { runPairwiseJudge } from './pairwise';
import { runActionEvaluation, runAnswerEvaluation, runRetrievalEvaluation, type EvalType } from './run';

/**
 * Evaluations as console jobs. All of them share the job kind 'eval': one evaluation at a time
 * (they compete for the same database and CPU), whichever type it is.
 */

export type EvalJobRequest = { eval: EvalType; withGolden?: boolean } | { eval: 'pairwise'; a: number; b: number };

export async function startEvalJob(db: Db, { config, userId, request }: { config: Config; userId: string | null; request: EvalJobRequest }): Promise<StartJobResult> {
  return startJob(db, {
    kind: 'eval',
    params: { ...request },
    createdBy: userId,
    handler: async (job) => {
      const onProgress = job.progress;
      switch (request.eval) {
        case 'retrieval':
          return { result: await runRetrievalEvaluation(db, { config, onProgress }) };
        case 'answers':
          return { result: await runAnswerEvaluation(db, { config, withGolden: request.withGolden ?? false, onProgress }) };
        case 'actions':
          return { result: await runActionEvaluation(db, { config, onProgress }) };
        case 'pairwise':
          return { result: await runPairwiseJudge(db, { config, a: request.a, b: request.b, onProgress }) };
      }
    },
  });
}
