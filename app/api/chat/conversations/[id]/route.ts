import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { loadConversationDetail } from '@/lib/chat/conversation-detail';
import { resolveChatIdentity } from '@/lib/chat/owner';
import { getDatabase } from '@/lib/db';
import { apiError } from '@/lib/http/errors';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/** GET /api/chat/conversations/<id> — the owner's conversation with feedback and hand-off state. */
export const GET = instrumentRoute('/api/chat/conversations/[id]', async (_request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) return apiError(400, 'bad_request', 'id: must be a UUID');
  const identity = await resolveChatIdentity({ create: false });
  if (!identity) return apiError(404, 'not_found', 'No such conversation.');
  const { db } = await getDatabase();
  const detail = await loadConversationDetail(db, { id, owner: identity.owner });
  if (!detail) return apiError(404, 'not_found', 'No such conversation.');
  return NextResponse.json(detail);
});
