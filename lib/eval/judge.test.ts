import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { JUDGE_INSTRUCTIONS, judgeAnswer, parseJudgeReply } from './judge';

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

  it('scores null when the reply is not JSON', async () => {
    const verdict = await judgeAnswer({ model: judgeModel('The answer is correct.'), ...item });
    expect(verdict.score).toBeNull();
    expect(verdict.reason).toMatch(/not valid JSON/);
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

describe('parseJudgeReply', () => {
  it('accepts strict JSON, also inside a single code fence', () => {
    expect(parseJudgeReply('{"verdict":"partly","reason":"Misses the 30-second wait."}')).toEqual({ score: 0.5, reason: 'Misses the 30-second wait.' });
    expect(parseJudgeReply('```json\n{"verdict":"wrong","reason":"Wrong menu path."}\n```')).toEqual({ score: 0, reason: 'Wrong menu path.' });
  });

  it('scores null for prose around the JSON, unknown verdicts, numeric scores, missing or extra fields', () => {
    for (const reply of [
      'Sure! {"verdict":"correct","reason":"ok"}',
      '{"verdict":"mostly","reason":"ok"}',
      '{"score":1,"reason":"ok"}',
      '{"verdict":"correct"}',
      '{"verdict":"correct","reason":"ok","confidence":0.9}',
      '{"verdict":"correct","reason":"   "}',
      '',
    ]) {
      const verdict = parseJudgeReply(reply);
      expect(verdict.score, reply).toBeNull();
      expect(verdict.reason.length, reply).toBeGreaterThan(0);
    }
  });
});
