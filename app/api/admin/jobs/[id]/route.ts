import { NextResponse } from 'next/server';
import { z } from 'zod';
import { withPermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { readPermissionFor } from '@/lib/console/jobs/requests';
import { toJobView } from '@/lib/console/jobs/view';
import { getDatabase } from '@/lib/db';
import { findJob } from '@/lib/db/queries/jobs';
import { apiError } from '@/lib/http/errors';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

const idSchema = z.uuid();

/** GET /api/admin/jobs/<id> — one job with its live progress (the console polls it every second). */
export const GET = instrumentRoute('/api/admin/jobs/[id]', withPermission<{ id: string }>('knowledge:read', async (_request, { params, user }) => {
  const { id } = await params;
  if (!idSchema.safeParse(id).success) return apiError(404, 'not_found', 'No such job.');
  const { db } = await getDatabase();
  const job = await findJob(db, { id });
  if (!job) return apiError(404, 'not_found', 'No such job.');
  const needed = readPermissionFor(job.kind);
  if (!can(user.role, needed)) return apiError(403, 'forbidden', `Your role does not allow ${needed}.`);
  return NextResponse.json({ job: toJobView(job) }, { headers: { 'cache-control': 'no-store' } });
}));
