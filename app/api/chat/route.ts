import { createUIMessageStreamResponse } from 'ai';
import { chatRequestSchema } from '@/lib/domain/chat';
import { startChatTurn } from '@/lib/chat/turn';
import { getDatabase } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';
import { shutdownSignal } from '@/lib/draining';

export const dynamic = 'force-dynamic';

/** POST /api/chat — one customer message; answers with an AI SDK UI message stream. */
export const POST = route(
  { name: '/api/chat', access: { visitor: 'create' }, body: { schema: chatRequestSchema, maxBytes: 65_536 }, limit: 'chat' },
  async ({ request, body, caller, config }) => {
    const { db } = await getDatabase();
    const { visitor } = caller;
    // A shutdown's grace period over: the answer ends with the model-unavailable message, not mid-word.
    const turn = await startChatTurn({ db, config, owner: visitor.owner, signedIn: visitor.signedIn, request: body, abortSignal: AbortSignal.any([request.signal, shutdownSignal()]) });
    if (!turn.ok) throw new ApiError(turn.status, 'not_found', turn.message);
    return createUIMessageStreamResponse({ stream: turn.stream });
  },
);
