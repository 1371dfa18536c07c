import { NextResponse } from 'next/server';
import { z } from 'zod';
import { can } from '@/lib/auth/permissions';
import { readPermissionFor } from '@/lib/console/jobs/requests';
import { toJobView } from '@/lib/console/jobs/view';
import { getDatabase } from '@/lib/db';
import { findJob } from '@/lib/db/queries/jobs';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** GET /api/admin/jobs/<id> — one job with its live progress (the console polls it every second). */
export const GET = route(
  { name: '/api/admin/jobs/[id]', access: { permission: 'knowledge:read' }, params: z.object({ id: z.string() }) },
  async ({ params: { id }, caller: { user } }) => {
    const notFound = new ApiError(404, 'not_found', 'No such job.');
    // A malformed id names no job: 404, like any other unknown id.
    if (!z.uuid().safeParse(id).success) throw notFound;
    const { db } = await getDatabase();
    const job = await findJob(db, { id });
    if (!job) throw notFound;
    const needed = readPermissionFor(job.kind);
    if (!user || !can(user.role, needed)) throw new ApiError(403, 'forbidden', `Your role does not allow ${needed}.`);
    return NextResponse.json({ job: toJobView(job) }, { headers: { 'cache-control': 'no-store' } });
  },
);
