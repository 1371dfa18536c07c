import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { evalRuns } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { judgePair, PAIRWISE_INSTRUCTIONS, pairwiseUnavailableReason, runPairwiseJudge } from './pairwise';
import { findEvalRun } from './runs';

function model(reply: string) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: reply }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 200, noCache: 200, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 20, text: 20, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

describe('judgePair', () => {
  it('shows the answers in the order asked and reads the verdict', async () => {
    const judge = model('{"winner":"2","reason":"Answer 2 has the steps."}');
    const verdict = await judgePair({ model: judge, question: 'box 5 restart', expectedAnswer: 'Hold the button.', answerA: 'Unplug it [1].', answerB: 'Hold the button [2].', firstIs: 'b' });
    expect(verdict).toEqual({ winner: 'a', reason: 'Answer 2 has the steps.' });
    const call = judge.doGenerateCalls[0]!;
    const prompt = JSON.stringify(call.prompt);
    expect(prompt).toContain(JSON.stringify(PAIRWISE_INSTRUCTIONS).slice(1, 60));
    // B first: "Hold the button." (markers stripped) is answer 1.
    expect(prompt.indexOf('Answer 1:\\nHold the button')).toBeGreaterThan(-1);
    expect(prompt.indexOf('Answer 2:\\nUnplug it')).toBeGreaterThan(-1);
    // Structured output: the verdict's schema goes to the provider.
    expect(call.responseFormat).toMatchObject({ type: 'json', name: 'verdict', schema: { required: ['winner', 'reason'] } });
  });

  it('maps "1" and "2" back to runs A and B whichever was shown first', async () => {
    const pair = { question: 'q', expectedAnswer: 'e', answerA: 'a', answerB: 'b' };
    expect(await judgePair({ model: model('{"winner":"1","reason":"More complete."}'), ...pair, firstIs: 'a' })).toEqual({ winner: 'a', reason: 'More complete.' });
    expect(await judgePair({ model: model('{"winner":"1","reason":"More complete."}'), ...pair, firstIs: 'b' })).toEqual({ winner: 'b', reason: 'More complete.' });
    expect((await judgePair({ model: model('{"winner":"tie","reason":"Both fine."}'), ...pair, firstIs: 'b' })).winner).toBe('tie');
  });

  it('never guesses: prose, unknown winners and extra fields are unjudged', async () => {
    const pair = { question: 'q', expectedAnswer: 'e', answerA: 'a', answerB: 'b', firstIs: 'a' as const };
    for (const reply of ['Answer 1 is better.', '{"winner":"A","reason":"x"}', '{"winner":"1","reason":"x","score":3}']) {
      const verdict = await judgePair({ model: model(reply), ...pair });
      expect(verdict.winner, reply).toBeNull();
      expect(verdict.reason, reply).toMatch(/not a verdict/);
    }
  });
});

describe('pairwiseUnavailableReason', () => {
  it('needs an OpenAI-compatible model', () => {
    expect(pairwiseUnavailableReason(parseConfig({}))).toMatch(/OPENAI_API_KEY/);
    expect(pairwiseUnavailableReason(parseConfig({ OPENAI_API_KEY: 'sk-test' }))).toBeNull();
  });
});

describe.each(testBackends())('runPairwiseJudge on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('judges the questions both answer runs share and stores the verdicts as a pairwise run', async () => {
    const db = database.db;
    const answer = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
      id, lang: 'en', text, answerable: true, outcome: 'answered', expectedAnswer: `expert answer ${id}`, expectedSourceIds: ['d'], citedDocumentIds: ['d'], ...extra,
    });
    const [a, b] = await db
      .insert(evalRuns)
      .values([
        { kind: 'answers', config: { qa: '/nonexistent' }, metrics: {}, results: [answer('q1', 'good'), answer('q2', 'bad'), answer('q3', 'x', { answerable: false }), answer('q4', 'only in A')] },
        { kind: 'answers', config: {}, metrics: {}, results: [answer('q1', 'worse'), answer('q2', 'better'), answer('q3', 'y', { answerable: false })] },
      ])
      .returning({ id: evalRuns.id });
    // The judge prefers whichever answer says "good" or "better".
    const judge = new MockLanguageModelV4({
      doGenerate: async ({ prompt }) => {
        const text = JSON.stringify(prompt);
        const reply = /Answer 1:\\n(?:good|better)/.test(text) ? '{"winner":"1","reason":"first"}' : '{"winner":"2","reason":"second"}';
        return { content: [{ type: 'text', text: reply }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } }, warnings: [] };
      },
    });
    const progress: string[] = [];
    const summary = await runPairwiseJudge(db, {
      config: parseConfig({}),
      a: a!.id,
      b: b!.id,
      model: { model: judge, id: 'mock-judge' },
      onProgress: (p) => progress.push(`${p.done}/${p.total}`),
    });
    // q3 is unanswerable and q4 only in A: two questions judged.
    expect(progress).toEqual(['1/2', '2/2']);
    expect(summary).toMatchObject({ aWins: 1, bWins: 1, ties: 0, unjudged: 0 });
    const stored = await findEvalRun(db, { id: summary.runId });
    expect(stored).toMatchObject({ kind: 'pairwise', config: { a: a!.id, b: b!.id, model: 'mock-judge' }, metrics: { questions: 2, aWins: 1, bWins: 1 } });
    expect(stored!.results).toEqual([
      { id: 'q1', lang: 'en', winner: 'a', reason: 'first' },
      // Shown B first (odd question): the judge's "1" is run B.
      { id: 'q2', lang: 'en', winner: 'b', reason: 'first' },
    ]);
    await expect(runPairwiseJudge(db, { config: parseConfig({}), a: a!.id, b: b!.id })).rejects.toThrow(/OPENAI_API_KEY/);
  });
});
