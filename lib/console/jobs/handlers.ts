import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { evalJobHandler, evalJobRequest } from '@/lib/console/evals/jobs';
import { ingestJobHandler, ingestJobTarget } from '@/lib/console/knowledge/ingest-job';
import { testJobHandler, testJobRunId } from '@/lib/conversation-tests/job';
import type { JobHandlers } from './worker';

/** How the worker resumes each kind of console job from its stored params. */
export function consoleJobHandlers(db: Db, config: Config): JobHandlers {
  return {
    ingest: (job) => ingestJobHandler(db, { config, ...ingestJobTarget(job, config) }),
    eval: (job) => evalJobHandler(db, { config, request: evalJobRequest(job.params) }),
    tests: (job) => testJobHandler(db, { config, runId: testJobRunId(job.params) }),
  };
}
