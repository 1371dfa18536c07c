import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { verifyProposedCall } from './verifier';

const recognizeNothing = () => null;
const recognizePlan = (planId: string) => () => ({ toolName: 'change_plan' as const, input: { planId } });

function llmSaying(answer: string) {
  const calls: string[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      calls.push(JSON.stringify(options.prompt));
      return {
        content: [{ type: 'text', text: answer }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      };
    },
  });
  return { model, calls };
}

describe('verifyProposedCall', () => {
  it('passes a call that matches what the customer’s own words ask for', async () => {
    const verdict = await verifyProposedCall({ toolName: 'change_plan', input: { planId: 'wave-home-1000' }, requestText: 'switch me to Wave Home 1000', recognize: recognizePlan('wave-home-1000') });
    expect(verdict).toEqual({ ok: true, by: 'rules' });
  });

  it('refuses another tool, or the same tool with other key values', async () => {
    const otherTool = await verifyProposedCall({
      toolName: 'change_plan',
      input: { planId: 'wave-home-1000' },
      requestText: 'restart my modem',
      recognize: () => ({ toolName: 'restart_modem', input: {} }),
    });
    expect(otherTool.ok).toBe(false);
    const otherPlan = await verifyProposedCall({ toolName: 'change_plan', input: { planId: 'wave-fiber-10g' }, requestText: 'switch me to Wave Home 1000', recognize: recognizePlan('wave-home-1000') });
    expect(otherPlan).toMatchObject({ ok: false, reason: expect.stringContaining('planId') });
  });

  it('refuses an invalid input whatever the request says', async () => {
    const verdict = await verifyProposedCall({ toolName: 'change_plan', input: { planId: '' }, requestText: 'x', recognize: recognizePlan('') });
    expect(verdict.ok).toBe(false);
  });

  it('without an LLM, refuses what the rules cannot read; with one, asks it and follows its answer', async () => {
    const request = 'I would love the faster fibre thing, the 1000 one please';
    const noLlm = await verifyProposedCall({ toolName: 'change_plan', input: { planId: 'wave-home-1000' }, requestText: request, recognize: recognizeNothing });
    expect(noLlm.ok).toBe(false);
    const yes = llmSaying('YES');
    expect(await verifyProposedCall({ toolName: 'change_plan', input: { planId: 'wave-home-1000' }, requestText: request, recognize: recognizeNothing, llm: yes.model })).toEqual({ ok: true, by: 'llm' });
    expect(yes.calls[0]).toContain('wave-home-1000');
    expect(yes.calls[0]).toContain('the 1000 one please');
    const no = llmSaying('NO');
    expect((await verifyProposedCall({ toolName: 'change_plan', input: { planId: 'wave-home-1000' }, requestText: request, recognize: recognizeNothing, llm: no.model })).ok).toBe(false);
  });
});
