import { NextResponse, type NextRequest } from 'next/server';
import { feedbackRequestSchema } from '@/lib/chat/contract';
import { resolveChatIdentity } from '@/lib/chat/owner';
import { getDatabase } from '@/lib/db';
import { findOwnedConversation } from '@/lib/db/queries/conversations';
import { saveFeedback } from '@/lib/db/queries/feedback';
import { findMessage } from '@/lib/db/queries/messages';
import { apiError } from '@/lib/http/errors';
import { readJsonBody } from '@/lib/http/json-body';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/** POST /api/chat/feedback — thumbs up/down (and a comment) on one of the owner's answers. */
export const POST = instrumentRoute('/api/chat/feedback', async (request: NextRequest) => {
  const body = await readJsonBody(request, feedbackRequestSchema, { maxBytes: 8_192 });
  if (!body.ok) return body.response;
  const identity = await resolveChatIdentity({ create: false });
  if (!identity) return apiError(404, 'not_found', 'No such answer.');
  const { db } = await getDatabase();
  const message = await findMessage(db, { id: body.data.messageId });
  const owned = message && (await findOwnedConversation(db, { id: message.conversationId, owner: identity.owner }));
  // Someone else's answer is "not found": its existence is not confirmed.
  if (!message || !owned || message.role === 'user') return apiError(404, 'not_found', 'No such answer.');
  const feedback = await saveFeedback(db, { messageId: message.id, rating: body.data.rating, comment: body.data.comment || null });
  return NextResponse.json({ feedback });
});
