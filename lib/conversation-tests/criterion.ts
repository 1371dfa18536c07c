import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { CriterionJudge } from '@/lib/eval/dialogs';

/**
 * A criterion check judged by the configured LLM: does the assistant's last reply (in its
 * conversation) meet what the expert wrote ("explains the fee and offers the downgrade")? The
 * verdict is structured output; a reply that is not a verdict fails the check and says so.
 */

export const CRITERION_INSTRUCTIONS = `You check a customer-support chatbot's conversation against a criterion an expert wrote.
Judge the assistant's LAST reply, in the context of the conversation before it.
"met": the reply does what the criterion asks, fully. "not_met": it does not, or only partly, or contradicts it.
Ignore tone, formatting and citation markers such as [1]. Reply with the verdict and a one-sentence reason.`;

const verdictSchema = z
  .object({
    verdict: z.enum(['met', 'not_met']).describe('Whether the last reply meets the criterion'),
    reason: z.string().trim().min(1).max(1000).describe('One sentence: why'),
  })
  .strict();

export function criterionPrompt(criterion: string, transcript: { role: 'customer' | 'assistant'; text: string }[]): string {
  return [
    'Criterion:',
    criterion.trim(),
    '',
    'Conversation:',
    ...transcript.map((t) => `${t.role === 'customer' ? 'Customer' : 'Assistant'}: ${t.text.replace(/\s+/g, ' ').trim() || '(empty)'}`),
  ].join('\n');
}

export function criterionJudge(model: LanguageModel, { abortSignal }: { abortSignal?: AbortSignal } = {}): CriterionJudge {
  return async (criterion, transcript) => {
    try {
      const { output } = await generateText({
        model,
        instructions: CRITERION_INSTRUCTIONS,
        prompt: criterionPrompt(criterion, transcript),
        output: Output.object({ schema: verdictSchema, name: 'criterion_verdict' }),
        temperature: 0,
        maxOutputTokens: 300,
        abortSignal,
      });
      return { pass: output.verdict === 'met', reason: `judge: ${output.verdict === 'met' ? 'met' : 'not met'} — ${output.reason}` };
    } catch (error) {
      if (NoObjectGeneratedError.isInstance(error)) return { pass: false, reason: `the judge's reply is not a verdict: ${JSON.stringify((error.text ?? '').slice(0, 200))}` };
      throw error;
    }
  };
}
