import { NextResponse } from 'next/server';
import { z } from 'zod';
import { approvalDecisionSchema } from '@/lib/domain/account-tools';
import { decideApproval } from '@/lib/actions/decide';
import { connectorRegistry } from '@/lib/actions/connectors/registry-load';
import { createChatModel } from '@/lib/ai/models';
import type { ApprovalDecisionResponse } from '@/lib/domain/chat';
import { getDatabase } from '@/lib/db';
import { findApproval } from '@/lib/db/queries/approvals';
import { findOwnedConversation } from '@/lib/db/queries/conversations';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';
import { isLocale } from '@/lib/i18n/locales';

export const dynamic = 'force-dynamic';

/**
 * POST /api/chat/approvals/<approvalId> { decision: 'approve' | 'decline' } — the signed-in
 * customer decides on a proposed account change. 200: decided now (card + report message);
 * 409: decided before (the current card); 404: not this user's approval.
 */
export const POST = route(
  {
    name: '/api/chat/approvals/[id]',
    access: { customer: 'Sign in to approve account changes.' },
    params: z.object({ id: z.uuid({ message: 'must be a UUID' }) }),
    body: { schema: approvalDecisionSchema, maxBytes: 1_024 },
    limit: 'approval',
  },
  async ({ params: { id }, body, caller: { visitor }, config }) => {
    const { db } = await getDatabase();
    const notFound = new ApiError(404, 'not_found', 'No such approval.');
    const approval = await findApproval(db, { id });
    const conversation = approval && approval.userId === visitor.owner.userId ? await findOwnedConversation(db, { id: approval.conversationId, owner: visitor.owner }) : undefined;
    if (!approval || !conversation) throw notFound;
    const result = await decideApproval(db, {
      approvalId: id,
      userId: visitor.owner.userId,
      decision: body.decision,
      lang: isLocale(conversation.lang) ? conversation.lang : 'en',
      llm: config.model.provider === 'openai' ? createChatModel(config.model).model : undefined,
      connectors: await connectorRegistry(config),
    });
    if (result.status === 'not_found') throw notFound;
    const response: ApprovalDecisionResponse =
      result.status === 'decided' ? { card: result.card, message: result.message } : { card: result.card, message: null };
    return NextResponse.json(response, { status: result.status === 'decided' ? 200 : 409 });
  },
);
