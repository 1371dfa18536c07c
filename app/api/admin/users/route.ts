import { NextResponse } from 'next/server';
import { z } from 'zod';
import { withPermission } from '@/lib/auth/guard';
import { getDatabase } from '@/lib/db';
import { listUsers } from '@/lib/db/queries/users';
import { apiError } from '@/lib/http/errors';
import { instrumentRoute } from '@/lib/observability/instrument-route';

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET /api/admin/users?page=&pageSize= — the accounts, for admins. */
export const GET = instrumentRoute('/api/admin/users', withPermission('users:manage', async (request) => {
  const parsed = querySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) {
    return apiError(400, 'bad_request', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const { page, pageSize } = parsed.data;
  const { db } = await getDatabase();
  const { users, total } = await listUsers(db, { limit: pageSize, offset: (page - 1) * pageSize });
  return NextResponse.json({ users, total, page, pageSize });
}));
