/**
 * LLM-as-judge for answer correctness: compares the chat's answer with the expert answer of the
 * golden set. The judge replies with strict JSON; anything else scores null (unjudged) rather
 * than being guessed at, so a flaky judge shows up as missing scores, not as wrong ones.
 */
import { generateText, type LanguageModel } from 'ai';
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

Reply with exactly one JSON object and nothing else, no code fence:
{"verdict": "correct" | "partly" | "wrong", "reason": "<one sentence>"}`;

const replySchema = z
  .object({
    verdict: z.enum(['correct', 'partly', 'wrong']),
    reason: z.string().trim().min(1).max(1000),
  })
  .strict();

const SCORES: Record<z.infer<typeof replySchema>['verdict'], JudgeScore> = { correct: 1, partly: 0.5, wrong: 0 };

/**
 * Reads the judge's reply. A single surrounding code fence is tolerated (models add them even
 * when told not to); any other deviation — prose around the JSON, extra or missing fields, an
 * unknown verdict — scores null with the reason saying why.
 */
export function parseJudgeReply(reply: string): JudgeVerdict {
  const body = reply.trim().replace(/^```(?:json)?[^\S\n]*\n([\s\S]*?)\n?```$/i, '$1').trim();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { score: null, reason: `The judge's reply is not valid JSON: ${JSON.stringify(reply.slice(0, 200))}` };
  }
  const parsed = replySchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'reply'} ${i.message}`).join('; ');
    return { score: null, reason: `The judge's reply does not match the expected shape (${problems}): ${JSON.stringify(reply.slice(0, 200))}` };
  }
  return { score: SCORES[parsed.data.verdict], reason: parsed.data.reason };
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
  const { text } = await generateText({
    model,
    instructions: JUDGE_INSTRUCTIONS,
    prompt: judgePrompt({ question, expectedAnswer, answer, lang }),
    temperature: 0,
    maxOutputTokens: 300,
    abortSignal,
  });
  return parseJudgeReply(text);
}
