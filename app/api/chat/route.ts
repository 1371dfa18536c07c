import { createUIMessageStreamResponse } from 'ai';
import type { NextRequest } from 'next/server';
import { chatRequestSchema } from '@/lib/chat/contract';
import { resolveChatIdentity } from '@/lib/chat/owner';
import { takeChatAllowance } from '@/lib/chat/rate-limit';
import { startChatTurn } from '@/lib/chat/turn';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { apiError } from '@/lib/http/errors';
import { readJsonBody } from '@/lib/http/json-body';
import { shutdownSignal } from '@/lib/draining';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/** POST /api/chat — one customer message; answers with an AI SDK UI message stream. */
export const POST = instrumentRoute('/api/chat', async (request: NextRequest) => {
  const body = await readJsonBody(request, chatRequestSchema, { maxBytes: 65_536 });
  if (!body.ok) return body.response;
  const identity = await resolveChatIdentity({ create: true, secure: request.nextUrl.protocol === 'https:' });
  if (!identity) return apiError(401, 'unauthenticated', 'No chat session.');
  const config = getConfig();
  const { db } = await getDatabase();
  const allowance = await takeChatAllowance(db, { owner: identity.owner, perMinute: config.chat.rateLimitPerMinute });
  if (!allowance.ok) {
    return apiError(429, 'rate_limited', 'Too many messages in a short time. Please wait a moment.', { 'Retry-After': String(allowance.retryAfterSeconds) });
  }
  // A shutdown's grace period over: the answer ends with the model-unavailable message, not mid-word.
  const turn = await startChatTurn({ db, config, owner: identity.owner, signedIn: identity.signedIn, request: body.data, abortSignal: AbortSignal.any([request.signal, shutdownSignal()]) });
  if (!turn.ok) return apiError(turn.status, 'not_found', turn.message);
  return createUIMessageStreamResponse({ stream: turn.stream });
});
