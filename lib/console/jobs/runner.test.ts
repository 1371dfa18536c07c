import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { runRetrievalEvaluation } from '@/lib/console/evals/run';
import { listEvalRuns } from '@/lib/console/evals/runs';
import { buildSeries } from '@/lib/console/evals/metrics';
import { startIngestJob, type IngestJobResult } from '@/lib/console/knowledge/ingest-job';
import type { Database } from '@/lib/db/client';
import { claimJob, createJob, findActiveJob, findJob, finishJob, markJobRunning, type JobProgress } from '@/lib/db/queries/jobs';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { instanceId } from './instance';
import { JobStoppedError, jobSettled, localJobIds, STALE_AFTER_MS, startJob, stopLocalJobs, type JobHandler } from './runner';
import { MAX_JOB_ATTEMPTS, resumeClaimableJobs, type JobHandlers } from './worker';
import { toJobView } from './view';

/** A promise with its resolve handle: lets a test hold a job in 'running' as long as it likes. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(testBackends())('console jobs on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a job in the background: queued, running with progress and heartbeat, then succeeded with its result', async () => {
    const db = database.db;
    const release = gate();
    const reported = gate();
    const started = await startJob(db, {
      kind: 'eval',
      params: { eval: 'test' },
      heartbeatMs: 20,
      handler: async (job) => {
        job.progress({ phase: 'answers', done: 3, total: 10, errors: 1 });
        reported.open();
        await release.promise;
        job.progress({ phase: 'answers', done: 10, total: 10, errors: 1 });
        return { result: { runId: 42 } };
      },
    });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.job).toMatchObject({ kind: 'eval', status: 'queued', params: { eval: 'test' } });
    expect(localJobIds()).toContain(started.job.id);
    await reported.promise;

    const running = await until(
      () => findJob(db, { id: started.job.id }),
      (j) => j?.status === 'running' && (j.progress as JobProgress).done === 3,
    );
    expect(running!.progress).toEqual({ phase: 'answers', done: 3, total: 10, errors: 1 });
    expect(running!.startedAt).toBeInstanceOf(Date);
    const firstBeat = running!.heartbeatAt!.getTime();
    // The heartbeat keeps coming while the job works, progress changed or not.
    await until(
      () => findJob(db, { id: started.job.id }),
      (j) => (j?.heartbeatAt?.getTime() ?? 0) > firstBeat,
    );
    expect(toJobView(running!).stale).toBe(false);

    release.open();
    await jobSettled(started.job.id);
    const done = await findJob(db, { id: started.job.id });
    expect(done).toMatchObject({ status: 'succeeded', result: { runId: 42 }, error: null, progress: { phase: 'done', done: 10, total: 10, errors: 1 } });
    expect(done!.finishedAt).toBeInstanceOf(Date);
    expect(localJobIds()).not.toContain(started.job.id);
  });

  it('runs one job of a kind at a time: a second start is refused with the running job, other kinds still start', async () => {
    const db = database.db;
    const release = gate();
    const first = await startJob(db, { kind: 'ingest', heartbeatMs: 20, handler: async () => (await release.promise, { result: 'first' }) });
    expect(first.ok).toBe(true);
    const second = await startJob(db, { kind: 'ingest', handler: async () => ({ result: 'second' }) });
    expect(second).toMatchObject({ ok: false, reason: 'already_running', active: { id: first.ok ? first.job.id : '' } });

    const other = await startJob(db, { kind: 'eval', handler: async () => ({ result: 'other' }) });
    expect(other.ok).toBe(true);
    if (other.ok) await jobSettled(other.job.id);

    release.open();
    if (first.ok) await jobSettled(first.job.id);
    const third = await startJob(db, { kind: 'ingest', handler: async () => ({ result: 'third' }) });
    expect(third.ok).toBe(true);
    if (third.ok) {
      await jobSettled(third.job.id);
      expect(await findJob(db, { id: third.job.id })).toMatchObject({ status: 'succeeded', result: 'third' });
    }
  });

  it('lets exactly one of two simultaneous requests win', async () => {
    const db = database.db;
    const results = await Promise.all([createJob(db, { kind: 'ingest' }), createJob(db, { kind: 'ingest' })]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const loser = results.find((r) => !r.created);
    const winner = results.find((r) => r.created);
    expect(loser).toMatchObject({ created: false, active: { id: winner?.created ? winner.job.id : '' } });
    await finishJob(db, { id: winner?.created ? winner.job.id : '', status: 'failed', error: 'test cleanup' });
    expect(await findActiveJob(db, { kind: 'ingest' })).toBeNull();
  });

  it('records a failure with its message', async () => {
    const db = database.db;
    const started = await startJob(db, {
      kind: 'eval',
      handler: async (job) => {
        job.progress({ phase: 'retrieval', done: 1, total: 5, errors: 0 });
        throw new Error('The index is empty: re-ingest the knowledge base first.');
      },
    });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    await jobSettled(started.job.id);
    expect(await findJob(db, { id: started.job.id })).toMatchObject({
      status: 'failed',
      error: 'The index is empty: re-ingest the knowledge base first.',
      progress: { phase: 'retrieval', done: 1, total: 5 },
    });
  });

  const handlers = (handler: JobHandler): JobHandlers => ({ ingest: () => handler, eval: () => handler, tests: () => handler });

  /** A job as an instance that then died left it: owned by that instance, running, heartbeat `ago` old. */
  async function abandonedJob(db: Database['db'], { kind, ago }: { kind: 'ingest' | 'eval'; ago: string }) {
    const created = await createJob(db, { kind, owner: 'dead-host:1:deadbeef' });
    if (!created.created) throw new Error('a job of this kind is still active');
    await markJobRunning(db, { id: created.job.id, owner: 'dead-host:1:deadbeef' });
    await db.execute(sql`update jobs set heartbeat_at = now() - ${ago}::interval, progress = ${JSON.stringify({ phase: 'embed', done: 40, total: 100, errors: 0 })}::jsonb where id = ${created.job.id}`);
    return created.job.id;
  }

  it('resumes a job whose instance died (heartbeat stopped), and leaves a live instance\'s job alone', async () => {
    const db = database.db;
    const deadId = await abandonedJob(db, { kind: 'ingest', ago: '5 minutes' });
    const live = await createJob(db, { kind: 'eval', owner: 'live-host:2:cafe' });
    if (!live.created) throw new Error('not created');
    await markJobRunning(db, { id: live.job.id, owner: 'live-host:2:cafe' });

    const attempts: number[] = [];
    const claimed = await resumeClaimableJobs(db, {
      staleAfterMs: STALE_AFTER_MS,
      handlers: handlers(async (job) => (attempts.push(job.attempt), { result: { resumedFrom: 'checkpoint' } })),
    });
    expect(claimed.map((j) => j.id)).toEqual([deadId]);
    expect(claimed[0]).toMatchObject({ status: 'running', owner: instanceId(), attempts: 2 });
    await jobSettled(deadId);
    expect(attempts).toEqual([2]);
    expect(await findJob(db, { id: deadId })).toMatchObject({ status: 'succeeded', owner: instanceId(), result: { resumedFrom: 'checkpoint' } });
    expect(await findJob(db, { id: live.job.id })).toMatchObject({ status: 'running', owner: 'live-host:2:cafe', attempts: 1 });
    await finishJob(db, { id: live.job.id, status: 'failed', error: 'test cleanup' });
  });

  it('lets exactly one of two instances claim a dead instance\'s job', async () => {
    const db = database.db;
    const id = await abandonedJob(db, { kind: 'ingest', ago: '5 minutes' });
    const claims = await Promise.all([
      claimJob(db, { id, owner: 'a:1:aaaa', staleAfterMs: STALE_AFTER_MS }),
      claimJob(db, { id, owner: 'b:2:bbbb', staleAfterMs: STALE_AFTER_MS }),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await findJob(db, { id })).toMatchObject({ attempts: 2, owner: claims.find(Boolean)!.owner });
    await finishJob(db, { id, status: 'failed', error: 'test cleanup' });
  });

  it('gives up a job that died too often, marking it failed rather than running forever', async () => {
    const db = database.db;
    const id = await abandonedJob(db, { kind: 'ingest', ago: '5 minutes' });
    await db.execute(sql`update jobs set attempts = ${MAX_JOB_ATTEMPTS} where id = ${id}`);
    let ran = false;
    await resumeClaimableJobs(db, { staleAfterMs: STALE_AFTER_MS, handlers: handlers(async () => ((ran = true), { result: null })) });
    expect(ran).toBe(false);
    const job = await findJob(db, { id });
    expect(job).toMatchObject({ status: 'failed', error: expect.stringContaining(`Gave up after ${MAX_JOB_ATTEMPTS} attempts`) });
    expect(job!.finishedAt).toBeInstanceOf(Date);
  });

  it('at a graceful shutdown releases a running job with its progress, and the next instance resumes it', async () => {
    const db = database.db;
    const reported = gate();
    const started = await startJob(db, {
      kind: 'eval',
      heartbeatMs: 20,
      handler: async (job) => {
        job.progress({ phase: 'answers', done: 7, total: 20, errors: 0 });
        reported.open();
        for (;;) {
          await new Promise((r) => setTimeout(r, 10));
          job.progress({ phase: 'answers', done: 7, total: 20, errors: 0 }); // throws once stopped
        }
      },
    });
    if (!started.ok) throw new Error('not started');
    await reported.promise;
    await stopLocalJobs({ timeoutMs: 5_000 });
    const released = await findJob(db, { id: started.job.id });
    expect(released).toMatchObject({ status: 'queued', owner: null, attempts: 1, progress: { phase: 'answers', done: 7, total: 20 } });
    expect(localJobIds()).not.toContain(started.job.id);

    // Released jobs need no stale heartbeat: any instance takes them at once.
    const seen: number[] = [];
    const claimed = await resumeClaimableJobs(db, {
      staleAfterMs: STALE_AFTER_MS,
      handlers: handlers(async (job) => (seen.push(job.attempt), { result: 'finished' })),
    });
    expect(claimed.map((j) => j.id)).toEqual([started.job.id]);
    await jobSettled(started.job.id);
    expect(seen).toEqual([2]);
    expect(await findJob(db, { id: started.job.id })).toMatchObject({ status: 'succeeded', result: 'finished', attempts: 2 });
  });

  it('stops working on a job another instance took over, without overwriting its row', async () => {
    const db = database.db;
    let stoppedWith: unknown = null;
    const started = await startJob(db, {
      kind: 'ingest',
      heartbeatMs: 20,
      handler: async (job) => {
        try {
          for (;;) {
            await new Promise((r) => setTimeout(r, 10));
            job.progress({ phase: 'scan', done: 1, total: 2, errors: 0 });
          }
        } catch (error) {
          stoppedWith = error;
          throw error;
        }
      },
    });
    if (!started.ok) throw new Error('not started');
    await until(() => findJob(db, { id: started.job.id }), (j) => j?.status === 'running');
    // This instance stalled long enough for another to claim the job.
    await db.execute(sql`update jobs set owner = 'thief:3:beef', progress = '{"phase":"theirs","done":0,"total":0,"errors":0}'::jsonb where id = ${started.job.id}`);
    await jobSettled(started.job.id);
    expect(stoppedWith).toBeInstanceOf(JobStoppedError);
    expect(await findJob(db, { id: started.job.id })).toMatchObject({ status: 'running', owner: 'thief:3:beef', progress: { phase: 'theirs' } });
    await finishJob(db, { id: started.job.id, status: 'failed', error: 'test cleanup' });
  });

  it('re-ingests a folder as a job, with progress, the ingest run and per-file errors in the result', async () => {
    const db = database.db;
    const dir = writeTestCorpus();
    fs.writeFileSync(path.join(dir, 'broken.pdf'), 'not a pdf at all');
    try {
      const config = parseConfig({ CONTENT_DIR: dir });
      const started = await startIngestJob(db, { config, userId: null });
      expect(started.ok).toBe(true);
      if (!started.ok) return;
      expect(started.job.params).toEqual({ dir });
      await jobSettled(started.job.id);
      const job = await findJob(db, { id: started.job.id });
      expect(job).toMatchObject({ status: 'succeeded', progress: { phase: 'done', done: 8, total: 8, errors: 1 } });
      const result = job!.result as IngestJobResult;
      expect(result.stats).toMatchObject({ files: 8, added: 7, failed: 1 });
      expect(result.errors).toEqual([{ path: 'broken.pdf', message: expect.any(String) }]);
      const [run] = await queryRows<{ status: string; errors: { path: string }[] }>(db, sql`select status, errors from ingest_runs where id = ${result.runId}`);
      expect(run).toMatchObject({ status: 'succeeded', errors: [{ path: 'broken.pdf' }] });

      // The evaluation runner stores a run the charts pick up (a tiny QA set on this corpus).
      const qa = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-qa-')), 'qa.jsonl');
      fs.writeFileSync(
        qa,
        [
          { id: 'q1', lang: 'en', question: 'How do I restart my Box 5?', source_ids: ['restart-box5-en'] },
          { id: 'q2', lang: 'de', question: 'Box 5 neu starten', source_ids: ['restart-box5-de'] },
          { id: 'q3', lang: 'en', question: 'Do you sell pizza?', source_ids: [] },
        ]
          .map((x) => JSON.stringify(x))
          .join('\n'),
      );
      const progress: number[] = [];
      const summary = await runRetrievalEvaluation(db, { config, qaPath: qa, onProgress: (p) => progress.push(p.done) });
      expect(progress).toEqual([1, 2, 3]);
      expect(summary).toMatchObject({ kind: 'retrieval', questions: 3 });
      expect(summary.headline.hitAt5).toBe(1);
      const runs = await listEvalRuns(db, { kinds: ['retrieval'] });
      expect(runs[0]).toMatchObject({ id: summary.runId, config: { method: 'hybrid+rerank', source: 'console', questions: 3 } });
      const { languages, series } = buildSeries(runs, 'retrieval');
      expect(languages).toEqual(['de', 'en']);
      expect(series.find((s) => s.key === 'hitAt5')!.points).toEqual([
        expect.objectContaining({ runId: summary.runId, overall: 1, de: 1, en: 1 }),
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
