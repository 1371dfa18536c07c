import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { jobs, JOB_KINDS, type JobRow } from '../schema';

/**
 * Console jobs (re-ingest, evaluations): one row per job, at most one queued or running per kind
 * (the partial unique index jobs_one_running_idx). The runner (lib/console/jobs) writes progress
 * and a heartbeat about every second; a running job whose heartbeat stopped belongs to a process
 * that died.
 */

export type JobKind = (typeof JOB_KINDS)[number];
export type JobStatus = JobRow['status'];
export const ACTIVE_JOB_STATUSES = ['queued', 'running'] as const satisfies readonly JobStatus[];
export const FINISHED_JOB_STATUSES = ['succeeded', 'failed', 'interrupted'] as const satisfies readonly JobStatus[];

/** What a job reports while it runs. `errors` counts the problems met so far (files, questions). */
export type JobProgress = { phase: string; done: number; total: number; errors: number; detail?: string };

export type CreateJobResult = { created: true; job: JobRow } | { created: false; active: JobRow | null };

/**
 * Queues a job unless one of its kind is queued or running. The unique index decides, so two
 * concurrent requests cannot both win: the loser gets the job that is active instead.
 */
export async function createJob(
  db: Db,
  { kind, params = {}, createdBy = null }: { kind: JobKind; params?: Record<string, unknown>; createdBy?: string | null },
): Promise<CreateJobResult> {
  const [job] = await db
    .insert(jobs)
    .values({ kind, params, createdBy, progress: { phase: 'queued', done: 0, total: 0, errors: 0 } satisfies JobProgress })
    .onConflictDoNothing()
    .returning();
  if (job) return { created: true, job };
  return { created: false, active: await findActiveJob(db, { kind }) };
}

export async function markJobRunning(db: Db, { id }: { id: string }): Promise<JobRow | null> {
  const [job] = await db
    .update(jobs)
    .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning();
  return job ?? null;
}

/** Progress and heartbeat in one write. A job that is no longer running is left alone. */
export async function recordJobProgress(db: Db, { id, progress }: { id: string; progress: JobProgress }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ progress, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Ends a queued or running job. Returns null when it had already ended (e.g. marked interrupted). */
export async function finishJob(
  db: Db,
  {
    id,
    status,
    result = null,
    error = null,
    progress,
  }: { id: string; status: 'succeeded' | 'failed'; result?: unknown; error?: string | null; progress?: JobProgress },
): Promise<JobRow | null> {
  const [job] = await db
    .update(jobs)
    .set({ status, result, error, finishedAt: sql`now()`, heartbeatAt: sql`now()`, ...(progress ? { progress } : {}) })
    .where(and(eq(jobs.id, id), inArray(jobs.status, [...ACTIVE_JOB_STATUSES])))
    .returning();
  return job ?? null;
}

export async function findJob(db: Db, { id }: { id: string }): Promise<JobRow | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return job ?? null;
}

export async function findActiveJob(db: Db, { kind }: { kind: JobKind }): Promise<JobRow | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, [...ACTIVE_JOB_STATUSES])))
    .limit(1);
  return job ?? null;
}

/** The most recent jobs of a kind, newest first (jobs_kind_created_idx). */
export async function listJobs(db: Db, { kind, limit = 20 }: { kind: JobKind; limit?: number }): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(desc(jobs.createdAt)).limit(limit);
}

/**
 * Marks queued or running jobs whose last sign of life (heartbeat, else start, else creation) is
 * at least `staleAfterMs` old as interrupted: the process running them is gone. `staleAfterMs: 0`
 * takes every active job, which is right only where no other process can be running one (the
 * embedded database's single owner, at start). `exceptIds` spares jobs this process is running.
 */
export async function interruptStaleJobs(
  db: Db,
  { staleAfterMs, kind, exceptIds = [] }: { staleAfterMs: number; kind?: JobKind; exceptIds?: string[] },
): Promise<JobRow[]> {
  const seconds = Math.max(0, staleAfterMs) / 1000;
  return db
    .update(jobs)
    .set({
      status: 'interrupted',
      finishedAt: sql`now()`,
      error: 'The job stopped reporting (the server was restarted or stopped while it ran).',
    })
    .where(
      and(
        inArray(jobs.status, [...ACTIVE_JOB_STATUSES]),
        kind ? eq(jobs.kind, kind) : undefined,
        exceptIds.length > 0 ? notInArray(jobs.id, exceptIds) : undefined,
        sql`coalesce(${jobs.heartbeatAt}, ${jobs.startedAt}, ${jobs.createdAt}) <= now() - make_interval(secs => ${seconds})`,
      ),
    )
    .returning();
}
