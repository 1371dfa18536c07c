import type { JobRow } from '@/lib/db/schema';

/**
 * A job as the browser sees it (GET /api/admin/jobs/[id], and the pages' first render).
 * Pure and import-free of server code, so client components can use the type and helpers.
 */

export type JobProgressView = { phase: string; done: number; total: number; errors: number; detail?: string };

export type JobView = {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'interrupted';
  params: Record<string, unknown>;
  progress: JobProgressView;
  result: unknown;
  error: string | null;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  heartbeatAt: string | null;
  finishedAt: string | null;
  /** Running, but no heartbeat for a while: the process running it may be gone. */
  stale: boolean;
};

/** The browser calls a running job stale after this long without a heartbeat (another instance takes it over after JOB_STALE_AFTER_SECONDS, 30 s by default). */
export const STALE_VIEW_MS = 15_000;

/** A stored progress value (jsonb, so any shape) as a well-formed progress. */
export function progressOf(value: unknown): JobProgressView {
  const p = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    phase: typeof p.phase === 'string' ? p.phase : 'queued',
    done: num(p.done),
    total: num(p.total),
    errors: num(p.errors),
    ...(typeof p.detail === 'string' ? { detail: p.detail } : {}),
  };
}

export function toJobView(job: JobRow, now: Date = new Date()): JobView {
  const beat = job.heartbeatAt ?? job.startedAt ?? job.createdAt;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    params: (job.params && typeof job.params === 'object' ? job.params : {}) as Record<string, unknown>,
    progress: progressOf(job.progress),
    result: job.result ?? null,
    error: job.error,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    heartbeatAt: job.heartbeatAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    stale: (job.status === 'running' || job.status === 'queued') && now.getTime() - beat.getTime() > STALE_VIEW_MS,
  };
}

export function isActive(job: Pick<JobView, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}

const PHASES: Record<string, string> = {
  queued: 'Queued',
  starting: 'Starting',
  scan: 'Reading files',
  embed: 'Embedding passages',
  write: 'Writing the index',
  done: 'Done',
  retrieval: 'Searching',
  answers: 'Answering',
  judge: 'LLM judge',
  actions: 'Recognising requests',
  pairwise: 'Comparing answers',
  tests: 'Running conversation tests',
};

export function phaseLabel(phase: string): string {
  return PHASES[phase] ?? phase;
}

export function durationLabel(job: Pick<JobView, 'startedAt' | 'finishedAt'>): string {
  if (!job.startedAt) return '—';
  const ms = new Date(job.finishedAt ?? Date.now()).getTime() - new Date(job.startedAt).getTime();
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
