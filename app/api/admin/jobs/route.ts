import { NextResponse } from 'next/server';
import { z } from 'zod';
import { can } from '@/lib/auth/permissions';
import { alreadyRunningMessage, jobRequestSchema, permissionFor, readPermissionFor, startRequestedJob } from '@/lib/console/jobs/requests';
import { toJobView } from '@/lib/console/jobs/view';
import { getDatabase } from '@/lib/db';
import { listJobs } from '@/lib/db/queries/jobs';
import type { PublicUser } from '@/lib/db/queries/users';
import { JOB_KINDS } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** The console lets a user in; which jobs they may start or read depends on the kind. */
function requirePermission(user: PublicUser | null, needed: Parameters<typeof can>[1]): PublicUser {
  if (!user || !can(user.role, needed)) throw new ApiError(403, 'forbidden', `Your role does not allow ${needed}.`);
  return user;
}

/**
 * POST /api/admin/jobs — start a console job:
 *   { "kind": "ingest" }                                   needs knowledge:ingest
 *   { "kind": "ingest", "path": "de" }                     only that folder or file of CONTENT_DIR
 *   { "kind": "eval", "eval": "retrieval" | "answers" | "actions" }   needs evals:run
 *   { "kind": "eval", "eval": "pairwise", "a": 12, "b": 14 }          needs evals:run and an LLM
 * → 202 { job }, or 409 { error: { code: "already_running", … }, job } while one of its kind runs.
 */
export const POST = route(
  { name: '/api/admin/jobs', access: { permission: 'console:access' }, body: { schema: jobRequestSchema, maxBytes: 4_096 } },
  async ({ body, caller, config }) => {
    const user = requirePermission(caller.user, permissionFor(body));
    const { db } = await getDatabase();
    const started = await startRequestedJob(db, { request: body, config, userId: user.id });
    if (started.ok) return NextResponse.json({ job: toJobView(started.job) }, { status: 202 });
    if (started.reason === 'invalid') throw new ApiError(400, 'bad_request', started.message);
    return NextResponse.json(
      {
        error: { code: 'already_running', message: alreadyRunningMessage(body.kind, started.active) },
        job: started.active ? toJobView(started.active) : null,
      },
      { status: 409 },
    );
  },
);

const listSchema = z.object({
  kind: z.enum(JOB_KINDS),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/admin/jobs?kind=ingest|eval&limit= — recent jobs of a kind, newest first. */
export const GET = route({ name: '/api/admin/jobs', access: { permission: 'console:access' }, query: listSchema }, async ({ query, caller }) => {
  requirePermission(caller.user, readPermissionFor(query.kind));
  const { db } = await getDatabase();
  const jobs = await listJobs(db, { kind: query.kind, limit: query.limit });
  const now = new Date();
  return NextResponse.json({ jobs: jobs.map((j) => toJobView(j, now)) });
});
