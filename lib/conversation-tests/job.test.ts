import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { parseConfig } from '@/lib/config';
import { consoleJobHandlers } from '@/lib/console/jobs/handlers';
import { jobSettled, STALE_AFTER_MS, stopLocalJobs } from '@/lib/console/jobs/runner';
import { resumeClaimableJobs } from '@/lib/console/jobs/worker';
import type { Database } from '@/lib/db/client';
import { createTest, findRun, resultsOf } from '@/lib/db/queries/conversation-tests';
import { findJob } from '@/lib/db/queries/jobs';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { startTestRun } from './job';

/**
 * A run of the suite is a console job that outlives its instance: stopped by a shutdown partway,
 * it is released with the results so far, and another instance resumes it where it stopped —
 * no case run twice, none left out.
 */

const config = parseConfig({});

describe.each(testBackends())('a test run as a job on $name', ({ open }) => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('survives its instance stopping: released with the results so far, resumed elsewhere without running a case twice', async () => {
    const db = database.db;
    for (let i = 1; i <= 10; i++) {
      await createTest(db, { fields: { name: `restart ${i}`, group: 'jobs', lang: 'en', customer: null, turns: [{ user: 'How do I restart my Box 5 with the power button?', expect: { lang: 'en' } }] }, createdBy: null });
    }
    const started = await startTestRun(db, { config, userId: null, scope: { group: 'jobs' }, trigger: 'console' });
    if (!started.ok) throw new Error(started.reason);
    // Shut the instance down once the first result is stored.
    for (let tries = 0; (await resultsOf(db, { runId: started.run.id })).length === 0 && tries < 500; tries++) await new Promise((r) => setTimeout(r, 10));
    await stopLocalJobs({ timeoutMs: 5_000 });
    const before = await resultsOf(db, { runId: started.run.id });
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(10);
    expect(await findJob(db, { id: started.jobId })).toMatchObject({ status: 'queued', owner: null });
    expect(await findRun(db, { id: started.run.id })).toMatchObject({ status: 'running', error: null });

    // Another instance takes it over.
    const claimed = await resumeClaimableJobs(db, { staleAfterMs: STALE_AFTER_MS, handlers: consoleJobHandlers(db, config) });
    expect(claimed.map((j) => j.id)).toEqual([started.jobId]);
    await jobSettled(started.jobId);
    expect(await findJob(db, { id: started.jobId })).toMatchObject({ status: 'succeeded', attempts: 2, progress: { done: 10, total: 10 } });
    expect(await findRun(db, { id: started.run.id })).toMatchObject({ status: 'passed', passed: 10, failed: 0 });
    const after = await resultsOf(db, { runId: started.run.id });
    expect(after).toHaveLength(10);
    // The results from before the stop are the same rows, not re-run.
    for (const r of before) expect(after.find((a) => a.testId === r.testId)).toEqual(r);
  }, 120_000);

  it('refuses an empty scope and a second run while one is going', async () => {
    const db = database.db;
    expect(await startTestRun(db, { config, userId: null, scope: { group: 'no-such-group' }, trigger: 'console' })).toEqual({
      ok: false,
      reason: 'empty',
      message: 'There is no test case to run in this scope.',
    });
    const first = await startTestRun(db, { config, userId: null, scope: { group: 'jobs' }, trigger: 'console' });
    const second = await startTestRun(db, { config, userId: null, scope: { group: 'jobs' }, trigger: 'console' });
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, reason: 'already_running' });
    if (first.ok) await jobSettled(first.jobId);
  }, 120_000);
});
