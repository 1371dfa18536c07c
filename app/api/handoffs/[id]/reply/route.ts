import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getDatabase } from '@/lib/db';
import { storeHelpdeskReply } from '@/lib/db/queries/handoffs';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\v\f\u000E-\u001F\u007F]/;

const bodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'the reply is empty')
    .max(4000, 'the reply is longer than 4000 characters')
    .refine((s) => !CONTROL_CHARS.test(s), 'the reply contains control characters'),
});

/**
 * POST /api/handoffs/<id>/reply — the company's helpdesk answers the customer in their chat
 * (`Authorization: Bearer $HANDOFF_API_TOKEN`; `{ "text": "…" }`). The hand-off must be open or
 * claimed. The customer's chat shows it like an expert's reply.
 */
export const POST = route(
  {
    name: '/api/handoffs/[id]/reply',
    access: {
      bearerToken: (config) => config.handoffApiToken,
      message: 'Send the hand-off API token as a bearer token.',
      disabled: 'The hand-off API is not enabled (set HANDOFF_API_TOKEN).',
    },
    params: z.object({ id: z.uuid() }),
    body: { schema: bodySchema, maxBytes: 16_384 },
    limit: 'handoff',
  },
  async ({ params, body }) => {
    const { db } = await getDatabase();
    const stored = await storeHelpdeskReply(db, { handoffId: params.id, content: body.text });
    if (!stored.ok) throw stored.reason === 'not_found' ? new ApiError(404, 'not_found', 'No such hand-off.') : new ApiError(409, 'conflict', 'This hand-off is closed.');
    return NextResponse.json({ messageId: stored.message.id }, { status: 201 });
  },
);
