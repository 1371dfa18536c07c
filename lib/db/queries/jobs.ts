import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { jobs, JOB_KINDS, type JobRow } from '../schema';

/**
 * Console jobs (re-ingest, evaluations): one row per job, at most one queued or running per kind
 * (the partial unique index jobs_one_running_idx). The instance running a job is its owner and
 * writes progress and a heartbeat about every second; a running job whose heartbeat stopped
 * belongs to an instance that died, and another instance claims it (lib/console/jobs/worker.ts).
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
 * concurrent requests cannot both win: the loser gets the job that is active instead. The new
 * job belongs to `owner` (the instance that will run it) from the start.
 */
export async function createJob(
  db: Db,
  {
    kind,
    params = {},
    createdBy = null,
    owner = null,
  }: { kind: JobKind; params?: Record<string, unknown>; createdBy?: string | null; owner?: string | null },
): Promise<CreateJobResult> {
  const [job] = await db
    .insert(jobs)
    .values({ kind, params, createdBy, owner, progress: { phase: 'queued', done: 0, total: 0, errors: 0 } satisfies JobProgress })
    .onConflictDoNothing()
    .returning();
  if (job) return { created: true, job };
  return { created: false, active: await findActiveJob(db, { kind }) };
}

/** A job's last sign of life: heartbeat, else start, else creation. */
const lastSeen = sql`coalesce(${jobs.heartbeatAt}, ${jobs.startedAt}, ${jobs.createdAt})`;
const staleBefore = (staleAfterMs: number) => sql`now() - make_interval(secs => ${Math.max(0, staleAfterMs) / 1000})`;

/**
 * Who may claim an active job: nobody owns it (released at a shutdown), or its owner stopped
 * beating for `staleAfterMs` (that instance died). `staleAfterMs: 0` takes every active job,
 * which is right only where no other process can be running one (the embedded database's
 * single owner, at start).
 */
function claimable(staleAfterMs: number) {
  return and(inArray(jobs.status, [...ACTIVE_JOB_STATUSES]), or(isNull(jobs.owner), sql`${lastSeen} <= ${staleBefore(staleAfterMs)}`));
}

/** Active jobs another instance could take over now, oldest first. */
export async function listClaimableJobs(db: Db, { staleAfterMs, kind }: { staleAfterMs: number; kind?: JobKind }): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(claimable(staleAfterMs), kind ? eq(jobs.kind, kind) : undefined))
    .orderBy(jobs.createdAt);
}

/**
 * Makes `owner` the runner of a claimable job, atomically: of two instances claiming the same
 * job, PostgreSQL re-checks the condition for the second after the first commits, so exactly
 * one gets the row. Counts the attempt.
 */
export async function claimJob(db: Db, { id, owner, staleAfterMs }: { id: string; owner: string; staleAfterMs: number }): Promise<JobRow | null> {
  const [job] = await db
    .update(jobs)
    .set({ status: 'running', owner, attempts: sql`${jobs.attempts} + 1`, startedAt: sql`coalesce(${jobs.startedAt}, now())`, heartbeatAt: sql`now()`, error: null })
    .where(and(eq(jobs.id, id), claimable(staleAfterMs)))
    .returning();
  return job ?? null;
}

/** The creator starts its own queued job. */
export async function markJobRunning(db: Db, { id, owner = null }: { id: string; owner?: string | null }): Promise<JobRow | null> {
  const [job] = await db
    .update(jobs)
    .set({ status: 'running', owner, attempts: sql`${jobs.attempts} + 1`, startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued'), owner === null ? isNull(jobs.owner) : eq(jobs.owner, owner)))
    .returning();
  return job ?? null;
}

/**
 * Progress and heartbeat in one write. Returns false when the job is no longer this owner's to
 * run (finished, or taken over after this instance stalled): the runner then stops working on it.
 */
export async function recordJobProgress(db: Db, { id, progress, owner = null }: { id: string; progress: JobProgress; owner?: string | null }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ progress, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), owner === null ? isNull(jobs.owner) : eq(jobs.owner, owner)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Ends a queued or running job. Returns null when it had already ended, or another instance owns it now. */
export async function finishJob(
  db: Db,
  {
    id,
    status,
    result = null,
    error = null,
    progress,
    owner,
  }: { id: string; status: 'succeeded' | 'failed'; result?: unknown; error?: string | null; progress?: JobProgress; owner?: string | null },
): Promise<JobRow | null> {
  const [job] = await db
    .update(jobs)
    .set({ status, result, error, finishedAt: sql`now()`, heartbeatAt: sql`now()`, ...(progress ? { progress } : {}) })
    .where(
      and(
        eq(jobs.id, id),
        inArray(jobs.status, [...ACTIVE_JOB_STATUSES]),
        owner === undefined ? undefined : owner === null ? isNull(jobs.owner) : eq(jobs.owner, owner),
      ),
    )
    .returning();
  return job ?? null;
}

/**
 * Hands a running job back (graceful shutdown): queued, no owner, progress kept as the
 * checkpoint. Any instance — this one after a restart — claims and resumes it.
 */
export async function releaseJob(db: Db, { id, owner, progress }: { id: string; owner: string; progress: JobProgress }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', owner: null, progress, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.owner, owner)))
    .returning({ id: jobs.id });
  return rows.length > 0;
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
