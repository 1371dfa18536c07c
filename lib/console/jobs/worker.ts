import type { Db } from '@/lib/db/client';
import { claimJob, finishJob, listClaimableJobs, type JobKind } from '@/lib/db/queries/jobs';
import type { JobRow } from '@/lib/db/schema';
import { createMaintenance, type Maintenance, type MaintenanceSettings } from '@/lib/maintenance/runner';
import { errorFields, log } from '@/lib/observability/logger';
import { instanceId } from './instance';
import { HEARTBEAT_MS, runClaimedJob, type JobHandler } from './runner';

/**
 * Every instance sweeps the jobs table every few seconds for jobs nobody is running — released
 * at a shutdown, or owned by an instance whose heartbeat stopped — claims them (one instance
 * wins each) and resumes them. A job that has died this often is given up and marked failed,
 * so nothing stays "running" forever. The same timer drives the housekeeping in lib/maintenance
 * (approvals stuck in 'executing', retention), which paces itself.
 */

export const MAX_JOB_ATTEMPTS = 3;
export const SWEEP_MS = 5_000;

/** How to run a job of each kind from its stored params. */
export type JobHandlers = Record<JobKind, (job: JobRow) => JobHandler>;

export type WorkerOptions = { handlers: JobHandlers; staleAfterMs: number; heartbeatMs?: number };

/** One sweep: claims what can be claimed (of one kind, or all) and starts it here. Returns the claimed jobs. */
export async function resumeClaimableJobs(db: Db, { handlers, staleAfterMs, heartbeatMs = HEARTBEAT_MS, kind }: WorkerOptions & { kind?: JobKind }): Promise<JobRow[]> {
  const claimed: JobRow[] = [];
  for (const candidate of await listClaimableJobs(db, { staleAfterMs, kind })) {
    const job = await claimJob(db, { id: candidate.id, owner: instanceId(), staleAfterMs });
    if (!job) continue; // another instance was quicker
    claimed.push(job);
    if (job.attempts > MAX_JOB_ATTEMPTS) {
      await finishJob(db, {
        id: job.id,
        owner: job.owner,
        status: 'failed',
        error: `Gave up after ${MAX_JOB_ATTEMPTS} attempts: the servers running it stopped before it finished.`,
      });
      log().warn({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job given up');
      continue;
    }
    log().info({ jobId: job.id, kind: job.kind, attempt: job.attempts, previousOwner: candidate.owner }, 'job claimed');
    runClaimedJob(db, job, handlers[job.kind](job), heartbeatMs);
  }
  return claimed;
}

type Worker = { options: WorkerOptions; db: Db; timer: ReturnType<typeof setInterval>; sweeping: Promise<unknown> | null; maintenance: Maintenance | null };
const holder = globalThis as typeof globalThis & { __lanternJobWorker?: Worker };

/**
 * Starts this instance's sweeper. `firstStaleAfterMs` applies to the first sweep only: at start
 * on the embedded database (one owner) every active job is abandoned and can be taken at once.
 */
export function startJobWorker(
  db: Db,
  options: WorkerOptions & { intervalMs?: number; firstStaleAfterMs?: number; maintenance?: MaintenanceSettings },
): void {
  stopJobWorker();
  const worker: Worker = {
    db,
    options,
    sweeping: null,
    maintenance: options.maintenance ? createMaintenance(db, options.maintenance) : null,
    timer: setInterval(() => void sweep(worker), options.intervalMs ?? SWEEP_MS),
  };
  worker.timer.unref?.();
  holder.__lanternJobWorker = worker;
  void sweep(worker, options.firstStaleAfterMs);
}

export function stopJobWorker(): void {
  const worker = holder.__lanternJobWorker;
  if (worker) clearInterval(worker.timer);
  holder.__lanternJobWorker = undefined;
}

/**
 * Before a new job of a kind is created: resume a claimable one of that kind here and now, so a
 * dead instance's job is picked up at once instead of blocking the kind until the next sweep.
 */
export async function resumeClaimableJobsOfKind(kind: JobKind): Promise<void> {
  const worker = holder.__lanternJobWorker;
  if (worker) await resumeClaimableJobs(worker.db, { ...worker.options, kind });
}

async function sweep(worker: Worker, staleAfterMs = worker.options.staleAfterMs): Promise<void> {
  if (worker.sweeping) return;
  worker.sweeping = resumeClaimableJobs(worker.db, { ...worker.options, staleAfterMs })
    .catch((error: unknown) => log().warn(errorFields(error), 'job sweep failed'))
    // Its own failures are logged inside; a sweep never overlaps the previous one.
    .then(() => worker.maintenance?.tick())
    .finally(() => {
      worker.sweeping = null;
    });
  await worker.sweeping;
}
