'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDatabase } from '@/lib/db';
import { LOCALES } from '@/lib/i18n/locales';
import { fail, ok, type ConsoleActionState } from './action-state';
import { formFields, guarded } from './guarded';
import { promoteAnswerToGolden } from './promote';
import { reviewAnswer } from './review';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\v\f\u000E-\u001F\u007F]/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), 'control characters are not allowed');

const reviewSchema = z.object({
  messageId: z.uuid(),
  verdict: z.enum(['endorsed', 'flagged']),
  comment: text(2000).optional(),
});

const promoteSchema = z.object({
  messageId: z.uuid(),
  question: text(2000).pipe(z.string().min(1, 'the question is empty')),
  answer: text(8000).pipe(z.string().min(1, 'the answer is empty')),
  lang: z.enum(LOCALES),
  sourceIds: z.string().max(2000).optional(),
});

function invalid(error: z.ZodError): ConsoleActionState {
  return fail(error.issues.map((i) => `${i.path.join('.') || 'form'}: ${i.message}`).join('; '));
}

/** Endorse or flag an answer (conversations:review). */
export async function reviewAnswerAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  return guarded('reviewAnswer', 'conversations:review', async (user) => {
    const parsed = reviewSchema.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    const { db } = await getDatabase();
    const result = await reviewAnswer(db, {
      messageId: parsed.data.messageId,
      verdict: parsed.data.verdict,
      comment: parsed.data.comment || null,
      reviewerId: user.id,
    });
    if (!result.ok) return fail(result.reason === 'not_found' ? 'That answer no longer exists.' : 'Only answers of the assistant can be reviewed.');
    revalidatePath(`/admin/conversations/${result.conversationId}`);
    return ok(parsed.data.verdict === 'endorsed' ? 'Answer endorsed.' : 'Answer flagged.');
  });
}

/** Promote an answer (as corrected) to a golden answer (conversations:review). */
export async function promoteToGoldenAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  return guarded('promoteToGolden', 'conversations:review', async (user) => {
    const parsed = promoteSchema.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    const { db } = await getDatabase();
    const result = await promoteAnswerToGolden(db, {
      messageId: parsed.data.messageId,
      question: parsed.data.question,
      answer: parsed.data.answer,
      lang: parsed.data.lang,
      sourceIds: (parsed.data.sourceIds ?? '').split(/[\s,]+/).filter(Boolean),
      userId: user.id,
    });
    if (!result.ok) {
      if (result.reason === 'unknown_sources') return fail(`No article with the id ${result.unknown.join(', ')}.`);
      return fail(result.reason === 'not_found' ? 'That answer no longer exists.' : 'Only answers of the assistant can be promoted.');
    }
    revalidatePath(`/admin/conversations/${result.conversationId}`);
    return ok(result.action === 'create' ? `Golden answer ${result.goldenId} created.` : `Golden answer ${result.goldenId} updated.`);
  });
}
