import type { Db } from '@/lib/db/client';
import { createJob, finishJob, markJobRunning, recordJobProgress, releaseJob, type JobKind, type JobProgress } from '@/lib/db/queries/jobs';
import type { JobRow } from '@/lib/db/schema';
import { errorFields, log } from '@/lib/observability/logger';
import { instanceId } from './instance';
import { progressOf } from './view';

/**
 * Runs console jobs (re-ingest, evaluations) inside an app instance. The job's row is the source
 * of truth: its owner column names the instance running it, which writes progress and a
 * heartbeat about every second. At most one job per kind is queued or running (a unique index).
 *
 * A job ends in one of three ways: it finishes (succeeded/failed); the instance shuts down
 * gracefully and releases it (back to queued, progress kept) for any instance to resume; or the
 * instance dies, its heartbeat stops, and another instance claims it (worker.ts). Handlers are
 * written to be re-run: an ingest skips what is already indexed, an evaluation starts over.
 */

/** A job whose owner has not beaten for this long is taken to be dead. JOB_STALE_AFTER_SECONDS overrides it. */
export const STALE_AFTER_MS = 30_000;
export const HEARTBEAT_MS = 1_000;

export type JobContext = {
  jobId: string;
  createdAt: Date;
  /** 1 on the first run, more when resumed after its instance stopped. */
  attempt: number;
  /** Aborted when the instance shuts down or loses the job; progress() then throws. */
  signal: AbortSignal;
  /** Latest progress; written with the next heartbeat (the last one always reaches the row). */
  progress(progress: JobProgress): void;
};

export type JobOutcome = { result: unknown; progress?: JobProgress };
export type JobHandler = (context: JobContext) => Promise<JobOutcome>;

export type StartJobResult = { ok: true; job: JobRow } | { ok: false; reason: 'already_running'; active: JobRow | null };

/** Why a running job stopped without finishing. */
export class JobStoppedError extends Error {
  constructor(readonly why: 'shutdown' | 'lost') {
    super(why === 'shutdown' ? 'The server is shutting down; the job will resume on another instance.' : 'Another instance took this job over.');
    this.name = 'JobStoppedError';
  }
}

/**
 * The stop reason of an aborted job. Not `instanceof`: the shutdown hook and the route that
 * started the job may run different bundled copies of this module, hence of the class.
 */
export function stopReason(reason: unknown): JobStoppedError['why'] | null {
  const why = (reason as { name?: unknown; why?: unknown } | null)?.why;
  return (reason as { name?: unknown } | null)?.name === 'JobStoppedError' && (why === 'shutdown' || why === 'lost') ? why : null;
}

type LocalJob = { done: Promise<void>; controller: AbortController };

// Jobs this process runs, on globalThis: Next may load this module in several bundles.
const holder = globalThis as typeof globalThis & { __lanternJobs?: Map<string, LocalJob> };
function running(): Map<string, LocalJob> {
  holder.__lanternJobs ??= new Map();
  return holder.__lanternJobs;
}

/** Ids of the jobs running in this process. */
export function localJobIds(): string[] {
  return [...running().keys()];
}

/** Resolves when the job (run by this process) has finished and its row is written. For tests and shutdown. */
export async function jobSettled(id: string): Promise<void> {
  await running().get(id)?.done;
}

/**
 * Graceful shutdown: every local job stops at its next progress report and is released for
 * another instance to resume. Resolves when their rows are written, or after `timeoutMs`
 * (a job stuck without reporting is then left to the heartbeat rule).
 */
export async function stopLocalJobs({ timeoutMs = 10_000 } = {}): Promise<void> {
  const jobs = [...running().values()];
  for (const job of jobs) job.controller.abort(new JobStoppedError('shutdown'));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(jobs.map((j) => j.done)), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

/** Creates a job owned by this instance and runs it in the background. */
export async function startJob(
  db: Db,
  {
    kind,
    params = {},
    createdBy = null,
    handler,
    heartbeatMs = HEARTBEAT_MS,
  }: { kind: JobKind; params?: Record<string, unknown>; createdBy?: string | null; handler: JobHandler; heartbeatMs?: number },
): Promise<StartJobResult> {
  const owner = instanceId();
  const created = await createJob(db, { kind, params, createdBy, owner });
  if (!created.created) return { ok: false, reason: 'already_running', active: created.active };
  runInBackground(db, created.job, handler, heartbeatMs, async () => {
    const job = await markJobRunning(db, { id: created.job.id, owner });
    return job?.attempts ?? null;
  });
  return { ok: true, job: created.job };
}

/** Runs a job this instance has just claimed (worker.ts) in the background. */
export function runClaimedJob(db: Db, job: JobRow, handler: JobHandler, heartbeatMs = HEARTBEAT_MS): void {
  runInBackground(db, job, handler, heartbeatMs, async () => job.attempts);
}

function runInBackground(db: Db, job: JobRow, handler: JobHandler, heartbeatMs: number, begin: () => Promise<number | null>): void {
  const controller = new AbortController();
  const done = execute(db, job, handler, heartbeatMs, controller, begin).finally(() => running().delete(job.id));
  running().set(job.id, { done, controller });
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || 'The job failed.';
}

async function execute(db: Db, job: JobRow, handler: JobHandler, heartbeatMs: number, controller: AbortController, begin: () => Promise<number | null>): Promise<void> {
  const owner = instanceId();
  const { signal } = controller;
  let latest: JobProgress = progressOf(job.progress);
  let inFlight: Promise<unknown> | null = null;
  const beat = () => {
    // One write at a time: on the embedded database a long transaction holds every query back,
    // and heartbeats must not pile up behind it.
    if (inFlight) return;
    inFlight = recordJobProgress(db, { id: job.id, progress: latest, owner })
      .then((stillOurs) => {
        if (!stillOurs && !signal.aborted) controller.abort(new JobStoppedError('lost'));
      })
      .catch((error: unknown) => log().warn({ jobId: job.id, ...errorFields(error) }, 'job progress not recorded'))
      .finally(() => {
        inFlight = null;
      });
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const stopBeating = async () => {
    if (timer) clearInterval(timer);
    await inFlight;
  };
  try {
    const attempt = await begin();
    if (attempt === null) return; // someone else started or ended it in the meantime
    log().info({ jobId: job.id, kind: job.kind, attempt }, attempt > 1 ? 'job resumed' : 'job started');
    // Written every tick, changed progress or not: the heartbeat says "still alive".
    timer = setInterval(beat, heartbeatMs);
    timer.unref?.();
    const context: JobContext = {
      jobId: job.id,
      createdAt: job.createdAt,
      attempt,
      signal,
      progress(progress) {
        latest = progress;
        signal.throwIfAborted();
      },
    };
    const outcome = await handler(context);
    signal.throwIfAborted();
    await stopBeating();
    await finishJob(db, { id: job.id, owner, status: 'succeeded', result: outcome.result ?? null, progress: outcome.progress ?? { ...latest, phase: 'done' } });
    log().info({ jobId: job.id, kind: job.kind }, 'job succeeded');
  } catch (error) {
    await stopBeating();
    const stopped = signal.aborted ? stopReason(signal.reason) : null;
    if (stopped === 'lost') {
      log().warn({ jobId: job.id, kind: job.kind }, 'job taken over by another instance; stopped here');
      return;
    }
    if (stopped === 'shutdown') {
      // The checkpoint: what was done is in the row; the next claimant re-runs from there.
      const released = await releaseJob(db, { id: job.id, owner, progress: { ...latest, detail: 'Paused by a server shutdown; resumes on the next instance.' } }).catch(
        (e: unknown) => (log().error({ jobId: job.id, ...errorFields(e) }, 'job not released'), false),
      );
      log().info({ jobId: job.id, kind: job.kind, released }, 'job released for another instance');
      return;
    }
    log().error({ jobId: job.id, kind: job.kind, ...errorFields(error) }, 'job failed');
    await finishJob(db, { id: job.id, owner, status: 'failed', error: messageOf(error), progress: latest }).catch((e: unknown) =>
      log().error({ jobId: job.id, ...errorFields(e) }, 'job failure not recorded'),
    );
  }
}
