import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { z } from 'zod';
import { startJob, type JobHandler, type StartJobResult } from '@/lib/console/jobs/runner';
import { runPairwiseJudge } from './pairwise';
import { runActionEvaluation, runAnswerEvaluation, runRetrievalEvaluation, type EvalType } from './run';

/**
 * Evaluations as console jobs. All of them share the job kind 'eval': one evaluation at a time
 * (they compete for the same database and CPU), whichever type it is.
 */

/** What an evaluation job is asked to run: the API's request (with `kind`) and the stored params both follow these. */
export const evalRunRequestSchema = z.object({ eval: z.enum(['retrieval', 'answers', 'actions'] as const satisfies readonly EvalType[]), withGolden: z.boolean().optional() });
export const pairwiseRequestSchema = z.object({ eval: z.literal('pairwise'), a: z.number().int().positive(), b: z.number().int().positive() });
const evalJobRequestSchema = z.discriminatedUnion('eval', [evalRunRequestSchema, pairwiseRequestSchema]);
export type EvalJobRequest = z.infer<typeof evalJobRequestSchema>;

/** The work of an evaluation job; re-run from the start when another instance resumes it. */
export function evalJobHandler(db: Db, { config, request }: { config: Config; request: EvalJobRequest }): JobHandler {
  return async (job) => {
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
  };
}

/** The request a stored evaluation job was started with (its params). */
export function evalJobRequest(params: unknown): EvalJobRequest {
  return evalJobRequestSchema.parse(params);
}

export async function startEvalJob(db: Db, { config, userId, request }: { config: Config; userId: string | null; request: EvalJobRequest }): Promise<StartJobResult> {
  return startJob(db, { kind: 'eval', params: { ...request }, createdBy: userId, handler: evalJobHandler(db, { config, request }) });
}
