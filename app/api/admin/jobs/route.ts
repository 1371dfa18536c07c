import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { checkAccess } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { getConfig } from '@/lib/config';
import { alreadyRunningMessage, jobRequestSchema, permissionFor, readPermissionFor, startRequestedJob } from '@/lib/console/jobs/requests';
import { toJobView } from '@/lib/console/jobs/view';
import { getDatabase } from '@/lib/db';
import { listJobs } from '@/lib/db/queries/jobs';
import { JOB_KINDS } from '@/lib/db/schema';
import { apiError } from '@/lib/http/errors';
import { readJsonBody } from '@/lib/http/json-body';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/jobs — start a console job:
 *   { "kind": "ingest" }                                   needs knowledge:ingest
 *   { "kind": "ingest", "path": "de" }                     only that folder or file of CONTENT_DIR
 *   { "kind": "eval", "eval": "retrieval" | "answers" | "actions" }   needs evals:run
 *   { "kind": "eval", "eval": "pairwise", "a": 12, "b": 14 }          needs evals:run and an LLM
 * → 202 { job }, or 409 { error: { code: "already_running", … }, job } while one of its kind runs.
 */
export const POST = instrumentRoute('/api/admin/jobs', async (request: NextRequest) => {
  const access = await checkAccess('console:access');
  if (!access.ok) {
    return access.reason === 'unauthenticated'
      ? apiError(401, 'unauthenticated', 'Sign in to use this API.')
      : apiError(403, 'forbidden', 'Your role does not allow console:access.');
  }
  const body = await readJsonBody(request, jobRequestSchema, { maxBytes: 4_096 });
  if (!body.ok) return body.response;
  const needed = permissionFor(body.data);
  if (!can(access.user.role, needed)) return apiError(403, 'forbidden', `Your role does not allow ${needed}.`);

  const { db } = await getDatabase();
  const started = await startRequestedJob(db, { request: body.data, config: getConfig(), userId: access.user.id });
  if (started.ok) return NextResponse.json({ job: toJobView(started.job) }, { status: 202 });
  if (started.reason === 'invalid') return apiError(400, 'bad_request', started.message);
  return NextResponse.json(
    {
      error: { code: 'already_running', message: alreadyRunningMessage(body.data.kind, started.active) },
      job: started.active ? toJobView(started.active) : null,
    },
    { status: 409 },
  );
});

const listSchema = z.object({
  kind: z.enum(JOB_KINDS),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/admin/jobs?kind=ingest|eval&limit= — recent jobs of a kind, newest first. */
export const GET = instrumentRoute('/api/admin/jobs', async (request: NextRequest) => {
  const parsed = listSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) return apiError(400, 'bad_request', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const needed = readPermissionFor(parsed.data.kind);
  const access = await checkAccess(needed);
  if (!access.ok) {
    return access.reason === 'unauthenticated' ? apiError(401, 'unauthenticated', 'Sign in to use this API.') : apiError(403, 'forbidden', `Your role does not allow ${needed}.`);
  }
  const { db } = await getDatabase();
  const jobs = await listJobs(db, { kind: parsed.data.kind, limit: parsed.data.limit });
  const now = new Date();
  return NextResponse.json({ jobs: jobs.map((j) => toJobView(j, now)) });
});
