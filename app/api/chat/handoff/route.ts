import { NextResponse } from 'next/server';
import { handoffRequestSchema } from '@/lib/domain/chat';
import { getDatabase } from '@/lib/db';
import { openConversation } from '@/lib/db/queries/conversations';
import { requestHandoff } from '@/lib/db/queries/handoffs';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** POST /api/chat/handoff — asks for a person; at most one open hand-off per conversation. */
export const POST = route(
  // "Talk to a person" works before the first message too: the conversation starts with it.
  { name: '/api/chat/handoff', access: { visitor: 'create' }, body: { schema: handoffRequestSchema, maxBytes: 8_192 }, limit: 'handoff' },
  async ({ body, caller }) => {
    const { db } = await getDatabase();
    const opened = await openConversation(db, { id: body.conversationId, owner: caller.visitor.owner, title: body.note || 'Talk to a person', lang: null });
    if (!opened.ok) throw new ApiError(404, 'not_found', 'No such conversation.');
    const { handoff, created } = await requestHandoff(db, { conversationId: opened.conversation.id, reason: body.reason, note: body.note || null, contactEmail: body.email ?? null });
    return NextResponse.json({ handoff }, { status: created ? 201 : 200 });
  },
);
