import fs from 'node:fs';
import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { createChatModel } from '@/lib/ai/models';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { evalRuns } from '@/lib/db/schema';
import { stripCitationMarkers } from '@/lib/eval/answer-metrics';
import { loadQa } from '@/lib/eval/qa';
import { findEvalRun } from './runs';

/**
 * LLM pairwise judge: for each question both runs answered, which of the two answers serves the
 * customer better (measured against the expert answer). Only with an OpenAI-compatible model: the
 * built-in extractive model cannot judge prose. The two answers are shown in alternating order
 * (A first on even questions, B first on odd ones) so a judge's position bias cancels out.
 */

export const PAIRWISE_INSTRUCTIONS = `You compare two answers of a customer-support chatbot to the same question, using an expert answer as the reference.

Prefer the answer that gives the customer the facts of the expert answer (steps, prices, deadlines, numbers, conditions) correctly and completely, without contradicting it. An answer that declines although the expert answer gives one is worse than a correct answer, and better than a wrong one. Ignore language, tone, length, formatting and citation markers such as [1]. If both are equally good or equally bad, say "tie".

Reply with the winner ("1", "2" or "tie") and a one-sentence reason.`;

export type PairwiseWinner = 'a' | 'b' | 'tie';
export type PairwiseVerdict = { winner: PairwiseWinner | null; reason: string };

const verdictSchema = z
  .object({
    winner: z.enum(['1', '2', 'tie']).describe('The better answer, or tie'),
    reason: z.string().trim().min(1).max(1000).describe('One sentence: why'),
  })
  .strict();

/** The verdict in runs A and B, given which answer was shown first. */
function toRuns(verdict: z.infer<typeof verdictSchema>, firstIs: 'a' | 'b'): PairwiseVerdict {
  const second = firstIs === 'a' ? 'b' : 'a';
  return { winner: verdict.winner === 'tie' ? 'tie' : verdict.winner === '1' ? firstIs : second, reason: verdict.reason };
}

export function pairwisePrompt({ question, expectedAnswer, first, second }: { question: string; expectedAnswer: string; first: string; second: string }): string {
  const clean = (text: string) => stripCitationMarkers(text).replace(/[ \t]+/g, ' ').trim() || '(empty)';
  return ['Question:', question.trim(), '', 'Expert answer:', expectedAnswer.trim(), '', 'Answer 1:', clean(first), '', 'Answer 2:', clean(second)].join('\n');
}

export async function judgePair({
  model,
  question,
  expectedAnswer,
  answerA,
  answerB,
  firstIs,
}: {
  model: LanguageModel;
  question: string;
  expectedAnswer: string;
  answerA: string;
  answerB: string;
  firstIs: 'a' | 'b';
}): Promise<PairwiseVerdict> {
  const [first, second] = firstIs === 'a' ? [answerA, answerB] : [answerB, answerA];
  try {
    const { output } = await generateText({
      model,
      instructions: PAIRWISE_INSTRUCTIONS,
      prompt: pairwisePrompt({ question, expectedAnswer, first, second }),
      output: Output.object({ schema: verdictSchema, name: 'verdict' }),
      temperature: 0,
      maxOutputTokens: 300,
    });
    return toRuns(output, firstIs);
  } catch (error) {
    // Anything that is not a verdict is unjudged, never guessed.
    if (NoObjectGeneratedError.isInstance(error)) return { winner: null, reason: `The judge's reply is not a verdict: ${JSON.stringify((error.text ?? '').slice(0, 200))}` };
    throw error;
  }
}

/** Why the pairwise judge cannot run here, or null when it can. */
export function pairwiseUnavailableReason(config: Config): string | null {
  return config.model.provider === 'openai'
    ? null
    : 'The LLM pairwise judge needs an OpenAI-compatible model, and none is configured (set OPENAI_BASE_URL for a local server, or OPENAI_API_KEY).';
}

export type PairwiseResult = { id: string; lang: string; winner: PairwiseWinner | null; reason: string };

type AnswerLike = { id: string; lang?: string; text?: string; expectedAnswer?: string; answerable?: boolean };

function questionTexts(qaPath: unknown): Map<string, string> {
  const map = new Map<string, string>();
  if (typeof qaPath !== 'string' || !fs.existsSync(qaPath)) return map;
  try {
    for (const item of loadQa(qaPath)) map.set(item.id, item.question);
  } catch {
    // The questions are context for the judge; without them it still compares against the expert answer.
  }
  return map;
}

/** Judges two stored answer runs and stores the verdicts as an eval run of kind 'pairwise'. */
export async function runPairwiseJudge(
  db: Db,
  {
    config,
    a,
    b,
    model,
    onProgress,
  }: { config: Config; a: number; b: number; model?: { model: LanguageModel; id: string }; onProgress?: (p: { phase: string; done: number; total: number; errors: number }) => void },
): Promise<{ runId: number; aWins: number; bWins: number; ties: number; unjudged: number }> {
  const unavailable = model ? null : pairwiseUnavailableReason(config);
  if (unavailable) throw new Error(unavailable);
  const judge = model ?? createChatModel(config.model);
  const [runA, runB] = await Promise.all([findEvalRun(db, { id: a }), findEvalRun(db, { id: b })]);
  if (!runA || !runB) throw new Error('Both runs must exist.');
  if (runA.kind !== 'answers' || runB.kind !== 'answers') throw new Error('The pairwise judge compares two answer evaluations.');
  const questions = questionTexts(runA.config.qa ?? runB.config.qa);
  const bById = new Map((runB.results as AnswerLike[]).map((r) => [r.id, r]));
  const pairs = (runA.results as AnswerLike[]).flatMap((ra) => {
    const rb = bById.get(ra.id);
    return rb && ra.answerable !== false && ra.expectedAnswer ? [{ ra, rb }] : [];
  });
  const results: PairwiseResult[] = [];
  let errors = 0;
  for (const [i, { ra, rb }] of pairs.entries()) {
    let verdict: PairwiseVerdict;
    try {
      verdict = await judgePair({
        model: judge.model,
        question: questions.get(ra.id) ?? ra.id,
        expectedAnswer: ra.expectedAnswer ?? '',
        answerA: ra.text ?? '',
        answerB: rb.text ?? '',
        firstIs: i % 2 === 0 ? 'a' : 'b',
      });
    } catch (error) {
      errors++;
      verdict = { winner: null, reason: `The judge failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    results.push({ id: ra.id, lang: ra.lang ?? 'unknown', ...verdict });
    onProgress?.({ phase: 'pairwise', done: i + 1, total: pairs.length, errors });
  }
  const count = (w: PairwiseWinner | null) => results.filter((r) => r.winner === w).length;
  const metrics = { questions: results.length, aWins: count('a'), bWins: count('b'), ties: count('tie'), unjudged: count(null) };
  const [row] = await db
    .insert(evalRuns)
    .values({ kind: 'pairwise', config: { a, b, model: judge.id, source: 'console' }, metrics, results })
    .returning({ id: evalRuns.id });
  return { runId: row!.id, aWins: metrics.aWins, bWins: metrics.bWins, ties: metrics.ties, unjudged: metrics.unjudged };
}
