import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { approvalDecisionSchema } from '@/lib/actions/contract';
import { decideApproval } from '@/lib/actions/decide';
import { createChatModel } from '@/lib/ai/models';
import type { ApprovalDecisionResponse } from '@/lib/chat/contract';
import { resolveChatIdentity } from '@/lib/chat/owner';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { findApproval } from '@/lib/db/queries/approvals';
import { findOwnedConversation } from '@/lib/db/queries/conversations';
import { apiError } from '@/lib/http/errors';
import { readJsonBody } from '@/lib/http/json-body';
import { isLocale } from '@/lib/i18n/locales';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/chat/approvals/<approvalId> { decision: 'approve' | 'decline' } — the signed-in
 * customer decides on a proposed account change. 200: decided now (card + report message);
 * 409: decided before (the current card); 404: not this user's approval.
 */
export const POST = instrumentRoute('/api/chat/approvals/[id]', async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) return apiError(400, 'bad_request', 'id: must be a UUID');
  const body = await readJsonBody(request, approvalDecisionSchema, { maxBytes: 1_024 });
  if (!body.ok) return body.response;
  const identity = await resolveChatIdentity({ create: false });
  if (!identity || identity.owner.kind !== 'user') return apiError(401, 'unauthenticated', 'Sign in to approve account changes.');
  const { db } = await getDatabase();
  const approval = await findApproval(db, { id });
  const conversation = approval && approval.userId === identity.owner.userId ? await findOwnedConversation(db, { id: approval.conversationId, owner: identity.owner }) : undefined;
  if (!approval || !conversation) return apiError(404, 'not_found', 'No such approval.');
  const config = getConfig();
  const result = await decideApproval(db, {
    approvalId: id,
    userId: identity.owner.userId,
    decision: body.data.decision,
    lang: isLocale(conversation.lang) ? conversation.lang : 'en',
    llm: config.model.provider === 'openai' ? createChatModel(config.model).model : undefined,
  });
  if (result.status === 'not_found') return apiError(404, 'not_found', 'No such approval.');
  const response: ApprovalDecisionResponse =
    result.status === 'decided' ? { card: result.card, message: result.message } : { card: result.card, message: null };
  return NextResponse.json(response, { status: result.status === 'decided' ? 200 : 409 });
});
