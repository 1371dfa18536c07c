import type { Db } from '@/lib/db/client';
import {
  createJob,
  finishJob,
  interruptStaleJobs,
  markJobRunning,
  recordJobProgress,
  type JobKind,
  type JobProgress,
} from '@/lib/db/queries/jobs';
import type { JobRow } from '@/lib/db/schema';

/**
 * Runs console jobs inside the app process (the embedded database has exactly one owner, so a
 * job cannot be handed to another process). Starting a job inserts its row; the work then runs
 * as a promise nobody awaits, writing progress and a heartbeat about every second, and finally
 * the result and status. At most one job per kind: the database's unique index decides.
 */

/** A running job whose heartbeat is older than this is taken to be dead (its process is gone). */
export const STALE_AFTER_MS = 60_000;
export const HEARTBEAT_MS = 1_000;

export type JobContext = {
  jobId: string;
  /** Latest progress; written with the next heartbeat (the last one always reaches the row). */
  progress(progress: JobProgress): void;
};

export type JobOutcome = { result: unknown; progress?: JobProgress };
export type JobHandler = (context: JobContext) => Promise<JobOutcome>;

export type StartJobResult = { ok: true; job: JobRow } | { ok: false; reason: 'already_running'; active: JobRow | null };

// Jobs this process runs, on globalThis: Next may load this module in several bundles.
const holder = globalThis as typeof globalThis & { __lanternJobs?: Map<string, Promise<void>> };
function running(): Map<string, Promise<void>> {
  holder.__lanternJobs ??= new Map();
  return holder.__lanternJobs;
}

/** Ids of the jobs running in this process. */
export function localJobIds(): string[] {
  return [...running().keys()];
}

/** Resolves when the job (started by this process) has finished and its row is written. For tests and shutdown. */
export async function jobSettled(id: string): Promise<void> {
  await running().get(id);
}

export async function startJob(
  db: Db,
  {
    kind,
    params = {},
    createdBy = null,
    handler,
    heartbeatMs = HEARTBEAT_MS,
    staleAfterMs = STALE_AFTER_MS,
  }: {
    kind: JobKind;
    params?: Record<string, unknown>;
    createdBy?: string | null;
    handler: JobHandler;
    heartbeatMs?: number;
    staleAfterMs?: number;
  },
): Promise<StartJobResult> {
  // A job of this kind left behind by a dead process (another instance, on PostgreSQL) must
  // not block the kind forever. Jobs running here are alive by definition.
  await interruptStaleJobs(db, { kind, staleAfterMs, exceptIds: localJobIds() });
  const created = await createJob(db, { kind, params, createdBy });
  if (!created.created) return { ok: false, reason: 'already_running', active: created.active };
  const job = created.job;
  const done = execute(db, job, handler, heartbeatMs).finally(() => running().delete(job.id));
  running().set(job.id, done);
  return { ok: true, job };
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || 'The job failed.';
}

async function execute(db: Db, job: JobRow, handler: JobHandler, heartbeatMs: number): Promise<void> {
  let latest: JobProgress = { phase: 'starting', done: 0, total: 0, errors: 0 };
  let inFlight: Promise<unknown> | null = null;
  const beat = () => {
    // One write at a time: on the embedded database a long transaction holds every query back,
    // and heartbeats must not pile up behind it.
    if (inFlight) return;
    const progress = latest;
    inFlight = recordJobProgress(db, { id: job.id, progress })
      .catch((error: unknown) => {
        console.error(`job ${job.id}: progress not recorded: ${messageOf(error)}`);
      })
      .finally(() => {
        inFlight = null;
      });
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  try {
    await markJobRunning(db, { id: job.id });
    // Written every tick, changed progress or not: the heartbeat says "still alive".
    timer = setInterval(beat, heartbeatMs);
    timer.unref?.();
    const context: JobContext = {
      jobId: job.id,
      progress(progress) {
        latest = progress;
      },
    };
    const outcome = await handler(context);
    clearInterval(timer);
    await inFlight;
    await finishJob(db, { id: job.id, status: 'succeeded', result: outcome.result ?? null, progress: outcome.progress ?? { ...latest, phase: 'done' } });
  } catch (error) {
    if (timer) clearInterval(timer);
    await inFlight;
    console.error(`job ${job.id} (${job.kind}) failed: ${messageOf(error)}`);
    await finishJob(db, { id: job.id, status: 'failed', error: messageOf(error), progress: latest }).catch((e: unknown) =>
      console.error(`job ${job.id}: could not record the failure: ${messageOf(e)}`),
    );
  }
}
