import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getDatabase } from '@/lib/db';
import { listUsers } from '@/lib/db/queries/users';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET /api/admin/users?page=&pageSize= — the accounts, for admins. */
export const GET = route({ name: '/api/admin/users', access: { permission: 'users:manage' }, query: querySchema }, async ({ query: { page, pageSize } }) => {
  const { db } = await getDatabase();
  const { users, total } = await listUsers(db, { limit: pageSize, offset: (page - 1) * pageSize });
  return NextResponse.json({ users, total, page, pageSize });
});
