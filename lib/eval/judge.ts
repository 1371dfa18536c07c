/**
 * LLM-as-judge for answer correctness: compares the chat's answer with the expert answer of the
 * golden set. The verdict comes back as structured output (AI SDK Output.object: a JSON schema
 * the provider enforces where it can, validated with zod either way); a reply that does not fit
 * scores null (unjudged) rather than being guessed at, so a flaky judge shows up as missing
 * scores, not as wrong ones.
 */
import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { stripCitationMarkers } from './answer-metrics';

export type JudgeScore = 0 | 0.5 | 1;
export type JudgeVerdict = { score: JudgeScore | null; reason: string };

export const JUDGE_INSTRUCTIONS = `You grade a customer-support chatbot's answer against an expert answer.

Verdicts:
- "correct": the answer gives the facts a customer needs from the expert answer (steps, prices, deadlines, numbers, conditions) and contradicts none of them. Extra correct detail, different wording or order, and a shorter answer that keeps every essential fact are fine.
- "partly": the answer is on topic and contradicts nothing important, but leaves out an essential fact or step, or hedges where the expert answer is definite.
- "wrong": the answer contradicts the expert answer on any essential fact (a wrong price, number, menu path, deadline or condition), answers a different question, or declines to answer although the expert answer gives one.

Ignore the language the answer is written in (it may differ from the expert answer's), its tone and formatting, and citation markers such as [1].

Reply with the verdict and a one-sentence reason.`;

export const verdictSchema = z
  .object({
    verdict: z.enum(['correct', 'partly', 'wrong']).describe('How the answer compares with the expert answer'),
    reason: z.string().trim().min(1).max(1000).describe('One sentence: why'),
  })
  .strict();

const SCORES: Record<z.infer<typeof verdictSchema>['verdict'], JudgeScore> = { correct: 1, partly: 0.5, wrong: 0 };

/** The unjudged verdict for a reply that is not a verdict: what the judge said, and why it does not count. */
export function unreadableVerdict(error: NoObjectGeneratedError): JudgeVerdict {
  return { score: null, reason: `The judge's reply is not a verdict (${error.message}): ${JSON.stringify((error.text ?? '').slice(0, 200))}` };
}

export function judgePrompt({ question, expectedAnswer, answer, lang }: { question: string; expectedAnswer: string; answer: string; lang: string }): string {
  return [
    `Question (customer's language: ${lang}):`,
    question.trim(),
    '',
    'Expert answer:',
    expectedAnswer.trim(),
    '',
    "Chatbot's answer:",
    stripCitationMarkers(answer).replace(/[ \t]+/g, ' ').trim() || '(empty)',
  ].join('\n');
}

/**
 * Scores one answer: 1 correct, 0.5 partly correct, 0 wrong, null when the judge's reply cannot
 * be read. Errors of the model call itself (network, rate limits) are thrown, not scored.
 */
export async function judgeAnswer({
  model,
  question,
  expectedAnswer,
  answer,
  lang,
  abortSignal,
}: {
  model: LanguageModel;
  question: string;
  expectedAnswer: string;
  answer: string;
  lang: string;
  abortSignal?: AbortSignal;
}): Promise<JudgeVerdict> {
  try {
    const { output } = await generateText({
      model,
      instructions: JUDGE_INSTRUCTIONS,
      prompt: judgePrompt({ question, expectedAnswer, answer, lang }),
      output: Output.object({ schema: verdictSchema, name: 'verdict' }),
      temperature: 0,
      maxOutputTokens: 300,
      abortSignal,
    });
    return { score: SCORES[output.verdict], reason: output.reason };
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) return unreadableVerdict(error);
    throw error;
  }
}
