import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { JUDGE_INSTRUCTIONS, judgeAnswer } from './judge';

function judgeModel(reply: string) {
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

const item = {
  question: 'box 5 restart',
  expectedAnswer:
    'The easiest way is the My Alpenwave app: Home > Restart Box. You can also hold the power button at the back for 3 seconds, wait 30 seconds and press it again.',
  answer: 'Öffnen Sie die My Alpenwave App und tippen Sie auf Home > Box neu starten [1].',
  lang: 'en',
};

describe('judgeAnswer', () => {
  it('maps the verdicts to 1, 0.5 and 0 and keeps the reason', async () => {
    for (const [verdict, score] of [
      ['correct', 1],
      ['partly', 0.5],
      ['wrong', 0],
    ] as const) {
      const model = judgeModel(JSON.stringify({ verdict, reason: `The answer is ${verdict}.` }));
      await expect(judgeAnswer({ model, ...item })).resolves.toEqual({ score, reason: `The answer is ${verdict}.` });
    }
  });

  it('sends the rubric as instructions and the question, expert answer and answer (markers stripped) as the prompt', async () => {
    const model = judgeModel('{"verdict":"correct","reason":"Same steps."}');
    await judgeAnswer({ model, ...item });
    expect(model.doGenerateCalls).toHaveLength(1);
    const call = model.doGenerateCalls[0]!;
    expect(call.temperature).toBe(0);
    const [system, user] = call.prompt;
    expect(system).toEqual({ role: 'system', content: JUDGE_INSTRUCTIONS });
    expect(user?.role).toBe('user');
    const text = user?.role === 'user' ? user.content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
    expect(text).toContain('Question (customer\'s language: en):\nbox 5 restart');
    expect(text).toContain(`Expert answer:\n${item.expectedAnswer}`);
    expect(text).toContain("Chatbot's answer:\nÖffnen Sie die My Alpenwave App und tippen Sie auf Home > Box neu starten .");
    expect(text).not.toContain('[1]');
  });

  it('asks for structured output: the verdict schema goes to the provider as a JSON response format', async () => {
    const model = judgeModel('{"verdict":"partly","reason":"Misses the 30-second wait."}');
    await expect(judgeAnswer({ model, ...item })).resolves.toEqual({ score: 0.5, reason: 'Misses the 30-second wait.' });
    const format = model.doGenerateCalls[0]!.responseFormat;
    expect(format).toMatchObject({ type: 'json', name: 'verdict', schema: { type: 'object', required: ['verdict', 'reason'], additionalProperties: false } });
    expect(format?.type === 'json' ? JSON.stringify(format.schema) : '').toContain('"enum":["correct","partly","wrong"]');
  });

  it('scores null, never guesses, when the reply is not a verdict: prose, unknown verdicts, missing or extra fields', async () => {
    for (const reply of [
      'The answer is correct.',
      'Sure! {"verdict":"correct","reason":"ok"}',
      '{"verdict":"mostly","reason":"ok"}',
      '{"score":1,"reason":"ok"}',
      '{"verdict":"correct"}',
      '{"verdict":"correct","reason":"ok","confidence":0.9}',
      '{"verdict":"correct","reason":"   "}',
      '',
    ]) {
      const verdict = await judgeAnswer({ model: judgeModel(reply), ...item });
      expect(verdict.score, reply).toBeNull();
      expect(verdict.reason, reply).toMatch(/not a verdict/);
    }
  });

  it('propagates an error of the model call instead of scoring it', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error('rate limited');
      },
    });
    await expect(judgeAnswer({ model, ...item, abortSignal: undefined })).rejects.toThrow(/rate limited/);
  });
});
