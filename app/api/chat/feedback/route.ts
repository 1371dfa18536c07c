import { NextResponse } from 'next/server';
import { feedbackRequestSchema } from '@/lib/domain/chat';
import { getDatabase } from '@/lib/db';
import { findOwnedConversation } from '@/lib/db/queries/conversations';
import { saveFeedback } from '@/lib/db/queries/feedback';
import { findMessage } from '@/lib/db/queries/messages';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** POST /api/chat/feedback — thumbs up/down (and a comment) on one of the owner's answers. */
export const POST = route(
  { name: '/api/chat/feedback', access: { visitor: 'optional' }, body: { schema: feedbackRequestSchema, maxBytes: 8_192 }, limit: 'feedback' },
  async ({ body, caller }) => {
    const notFound = new ApiError(404, 'not_found', 'No such answer.');
    if (!caller.visitor) throw notFound;
    const { db } = await getDatabase();
    const message = await findMessage(db, { id: body.messageId });
    const owned = message && (await findOwnedConversation(db, { id: message.conversationId, owner: caller.visitor.owner }));
    // Someone else's answer is "not found": its existence is not confirmed.
    if (!message || !owned || message.role === 'user') throw notFound;
    const feedback = await saveFeedback(db, { messageId: message.id, rating: body.rating, comment: body.comment || null });
    return NextResponse.json({ feedback });
  },
);
