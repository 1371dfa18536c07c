'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { fail, ok, type ConsoleActionState } from '@/lib/console/conversations/action-state';
import { formFields, guarded } from '@/lib/console/conversations/guarded';
import { getDatabase } from '@/lib/db';
import { claimHandoff, closeHandoff, storeAgentReply } from '@/lib/db/queries/handoffs';
import { formatHandoffOutcome, HANDOFF_OUTCOMES } from './outcome';
import { refusalMessage } from './refusal';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\v\f\u000E-\u001F\u007F]/;

const claimSchema = z.object({ handoffId: z.uuid(), open: z.enum(['1']).optional() });
const replySchema = z.object({
  handoffId: z.uuid(),
  content: z
    .string()
    .trim()
    .min(1, 'the reply is empty')
    .max(4000, 'the reply is longer than 4000 characters')
    .refine((s) => !CONTROL_CHARS.test(s), 'the reply contains control characters'),
});
const closeSchema = z
  .object({
    handoffId: z.uuid(),
    outcome: z.enum(HANDOFF_OUTCOMES),
    note: z.string().trim().max(1000, 'the note is longer than 1000 characters').optional(),
  })
  .refine((v) => v.outcome !== 'other' || Boolean(v.note), { message: 'say what happened (a note is required for "Other")', path: ['note'] });

function invalid(error: z.ZodError): ConsoleActionState {
  return fail(error.issues.map((i) => i.message).join('; '));
}

function revalidate(handoffId: string, conversationId?: string) {
  revalidatePath('/admin/handoffs');
  revalidatePath(`/admin/handoffs/${handoffId}`);
  if (conversationId) revalidatePath(`/admin/conversations/${conversationId}`);
}

/** Claim an open hand-off (handoffs:work). Atomic: of two experts, one gets it. */
export async function claimHandoffAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  let openAfter: string | null = null;
  const state = await guarded('claimHandoff', 'handoffs:work', async (user) => {
    const parsed = claimSchema.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    const { db } = await getDatabase();
    const result = await claimHandoff(db, { id: parsed.data.handoffId, userId: user.id });
    if (!result.ok) return fail(refusalMessage(result));
    revalidate(result.handoff.id, result.handoff.conversationId);
    if (parsed.data.open) openAfter = result.handoff.id;
    return ok(result.already ? 'You already hold this hand-off.' : 'Claimed. The customer is yours.');
  });
  // redirect() throws: outside the guarded body, so it is never taken for a failure.
  if (openAfter) redirect(`/admin/handoffs/${openAfter}`);
  return state;
}

/** Reply to the customer in their chat (handoffs:work, claim held). */
export async function replyHandoffAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  return guarded('replyHandoff', 'handoffs:work', async (user) => {
    const parsed = replySchema.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    const { db } = await getDatabase();
    const result = await storeAgentReply(db, { handoffId: parsed.data.handoffId, userId: user.id, content: parsed.data.content });
    if (!result.ok) return fail(refusalMessage(result));
    revalidate(parsed.data.handoffId, result.message.conversationId);
    return ok('Sent. The customer sees it in their chat.');
  });
}

/** Close a hand-off with its outcome (handoffs:work, claim held). */
export async function closeHandoffAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  return guarded('closeHandoff', 'handoffs:work', async (user) => {
    const parsed = closeSchema.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    const { db } = await getDatabase();
    const result = await closeHandoff(db, {
      id: parsed.data.handoffId,
      userId: user.id,
      outcome: formatHandoffOutcome(parsed.data.outcome, parsed.data.note || null),
    });
    if (!result.ok) return fail(refusalMessage(result));
    revalidate(result.handoff.id, result.handoff.conversationId);
    return ok('Closed.');
  });
}
