import { z } from 'zod';
import type { Permission } from '@/lib/auth/permissions';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { evalRunRequestSchema, pairwiseRequestSchema, startEvalJob } from '@/lib/console/evals/jobs';
import { pairwiseUnavailableReason } from '@/lib/console/evals/pairwise';
import { findEvalRun } from '@/lib/console/evals/runs';
import { startIngestJob, startWebsiteIngestJob } from '@/lib/console/knowledge/ingest-job';
import { findWebsiteSource } from '@/lib/console/knowledge/website-sources';
import { runScopeSchema, startTestRun } from '@/lib/conversation-tests/job';
import { findJob } from '@/lib/db/queries/jobs';
import type { JobRow } from '@/lib/db/schema';
import { ingestPathSchema, resolveIngestScope } from '@/lib/rag/ingest/scope';
import type { StartJobResult } from './runner';
import { resumeClaimableJobsOfKind } from './worker';

/**
 * POST /api/admin/jobs: what may be started, and who may start it. Discriminated by `kind`, then
 * `eval`, so a bad request is told which field is wrong (a plain union says "Invalid input").
 */
export const jobRequestSchema = z.discriminatedUnion('kind', [
  /**
   * `path`: re-ingest only this folder or file of CONTENT_DIR (relative to it). `source`: crawl
   * this website source instead; `rebuild`: re-read and re-embed it all, changed or not.
   */
  z
    .object({ kind: z.literal('ingest'), path: ingestPathSchema.optional(), source: z.number().int().positive().optional(), rebuild: z.boolean().optional() })
    .strict()
    .refine((r) => r.source === undefined || r.path === undefined, { message: 'A website source is crawled whole: give source or path, not both.', path: ['path'] })
    .refine((r) => r.source !== undefined || r.rebuild === undefined, { message: 'rebuild applies to a website source.', path: ['rebuild'] }),
  z.discriminatedUnion('eval', [
    evalRunRequestSchema.extend({ kind: z.literal('eval') }).strict(),
    pairwiseRequestSchema.extend({ kind: z.literal('eval') }).strict(),
  ]),
  /** The conversation test suite, or a group or some cases of it; `trigger`/`reason`: the change that prompted the run. */
  z
    .object({
      kind: z.literal('tests'),
      scope: runScopeSchema,
      trigger: z.enum(['console', 'golden', 'ingest', 'settings']).default('console'),
      reason: z.string().trim().min(1).max(200).optional(),
    })
    .strict(),
]);
export type JobRequest = z.infer<typeof jobRequestSchema>;

export function permissionFor(request: Pick<JobRequest, 'kind'>): Permission {
  return request.kind === 'ingest' ? 'knowledge:ingest' : request.kind === 'tests' ? 'tests:write' : 'evals:run';
}

/** Who may watch a job of this kind. */
export function readPermissionFor(kind: string): Permission {
  return kind === 'ingest' ? 'knowledge:read' : kind === 'tests' ? 'tests:read' : 'evals:read';
}

export function alreadyRunningMessage(kind: string, active: JobRow | null): string {
  const what = kind === 'ingest' ? 'An ingest is already running' : kind === 'tests' ? 'A test run is already running' : 'An evaluation is already running';
  const since = active?.startedAt ?? active?.createdAt;
  return `${what}${since ? ` (started ${since.toISOString().replace('T', ' ').slice(0, 19)} UTC)` : ''}. Wait for it to finish, then start again.`;
}

export type StartRequestResult = StartJobResult | { ok: false; reason: 'invalid'; message: string };

/**
 * Checks what only the server can know (an ingest path exists inside the content folder, runs
 * exist, a judge model is configured), then starts the job.
 */
export async function startRequestedJob(db: Db, { request, config, userId }: { request: JobRequest; config: Config; userId: string }): Promise<StartRequestResult> {
  // A job of this kind whose instance died is resumed here first, not left blocking the kind
  // until the next sweep: the caller then sees it running (409) instead of a phantom.
  await resumeClaimableJobsOfKind(request.kind);
  if (request.kind === 'ingest') {
    if (request.source !== undefined) {
      if (!(await findWebsiteSource(db, { id: request.source }))) return { ok: false, reason: 'invalid', message: 'There is no such website source.' };
      return startWebsiteIngestJob(db, { config, userId, websiteSourceId: request.source, rebuild: request.rebuild });
    }
    if (request.path === undefined) return startIngestJob(db, { config, userId });
    const resolved = await resolveIngestScope(config.content.dir, request.path);
    if (!resolved.ok) return { ok: false, reason: 'invalid', message: resolved.message };
    return startIngestJob(db, { config, userId, scope: resolved.scope });
  }
  if (request.kind === 'tests') {
    const started = await startTestRun(db, { config, userId, scope: request.scope, trigger: request.trigger, reason: request.reason ?? null });
    if (started.ok) {
      const job = await findJob(db, { id: started.jobId });
      return { ok: true, job: job! };
    }
    return started.reason === 'empty' ? { ok: false, reason: 'invalid', message: started.message } : started;
  }
  if (request.eval === 'pairwise') {
    const unavailable = pairwiseUnavailableReason(config);
    if (unavailable) return { ok: false, reason: 'invalid', message: unavailable };
    if (request.a === request.b) return { ok: false, reason: 'invalid', message: 'Pick two different runs.' };
    const [a, b] = await Promise.all([findEvalRun(db, { id: request.a }), findEvalRun(db, { id: request.b })]);
    if (!a || !b || a.kind !== 'answers' || b.kind !== 'answers') return { ok: false, reason: 'invalid', message: 'The pairwise judge compares two stored answer evaluations.' };
  }
  return startEvalJob(db, { config, userId, request });
}
