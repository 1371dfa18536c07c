import { NextResponse, type NextRequest } from 'next/server';
import { handoffRequestSchema } from '@/lib/chat/contract';
import { resolveChatIdentity } from '@/lib/chat/owner';
import { getDatabase } from '@/lib/db';
import { openConversation } from '@/lib/db/queries/conversations';
import { requestHandoff } from '@/lib/db/queries/handoffs';
import { apiError } from '@/lib/http/errors';
import { readJsonBody } from '@/lib/http/json-body';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/** POST /api/chat/handoff — asks for a person; at most one open hand-off per conversation. */
export const POST = instrumentRoute('/api/chat/handoff', async (request: NextRequest) => {
  const body = await readJsonBody(request, handoffRequestSchema, { maxBytes: 8_192 });
  if (!body.ok) return body.response;
  // "Talk to a person" works before the first message too: the conversation starts with it.
  const identity = await resolveChatIdentity({ create: true, secure: request.nextUrl.protocol === 'https:' });
  if (!identity) return apiError(404, 'not_found', 'No such conversation.');
  const { db } = await getDatabase();
  const opened = await openConversation(db, { id: body.data.conversationId, owner: identity.owner, title: body.data.note || 'Talk to a person', lang: null });
  if (!opened.ok) return apiError(404, 'not_found', 'No such conversation.');
  const conversation = opened.conversation;
  const { handoff, created } = await requestHandoff(db, { conversationId: conversation.id, reason: body.data.reason, note: body.data.note || null });
  return NextResponse.json({ handoff }, { status: created ? 201 : 200 });
});
