import { NextResponse } from 'next/server';
import { z } from 'zod';
import { loadConversationDetail } from '@/lib/chat/conversation-detail';
import { getDatabase } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** GET /api/chat/conversations/<id> — the owner's conversation with feedback and hand-off state. */
export const GET = route(
  { name: '/api/chat/conversations/[id]', access: { visitor: 'optional' }, params: z.object({ id: z.uuid({ message: 'must be a UUID' }) }) },
  async ({ params: { id }, caller: { visitor } }) => {
    const notFound = new ApiError(404, 'not_found', 'No such conversation.');
    if (!visitor) throw notFound;
    const { db } = await getDatabase();
    const detail = await loadConversationDetail(db, { id, owner: visitor.owner });
    if (!detail) throw notFound;
    return NextResponse.json(detail);
  },
);
