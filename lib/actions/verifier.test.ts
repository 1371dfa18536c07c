import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePlanConnector } from './builtin/change-plan';
import { requestCallbackConnector } from './builtin/request-callback';
import { defineHttpConnector } from './connectors/definition';
import { cancelOrderDefinition } from './connectors/test-connectors';
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
    const verdict = await verifyProposedCall({ connector: changePlanConnector, input: { planId: 'wave-home-1000' }, requestText: 'switch me to Wave Home 1000', recognize: recognizePlan('wave-home-1000') });
    expect(verdict).toEqual({ ok: true, by: 'rules' });
  });

  it('refuses another tool, or the same tool with other key values', async () => {
    const otherTool = await verifyProposedCall({
      connector: changePlanConnector,
      input: { planId: 'wave-home-1000' },
      requestText: 'restart my modem',
      recognize: () => ({ toolName: 'restart_modem', input: {} }),
    });
    expect(otherTool.ok).toBe(false);
    const otherPlan = await verifyProposedCall({ connector: changePlanConnector, input: { planId: 'wave-fiber-10g' }, requestText: 'switch me to Wave Home 1000', recognize: recognizePlan('wave-home-1000') });
    expect(otherPlan).toMatchObject({ ok: false, reason: expect.stringContaining('planId') });
  });

  it('refuses an invalid input whatever the request says', async () => {
    const verdict = await verifyProposedCall({ connector: changePlanConnector, input: { planId: '' }, requestText: 'x', recognize: recognizePlan('') });
    expect(verdict.ok).toBe(false);
  });

  it('without an LLM, refuses what the rules cannot read; with one, asks it and follows its answer', async () => {
    const request = 'I would love the faster fibre thing, the 1000 one please';
    const noLlm = await verifyProposedCall({ connector: changePlanConnector, input: { planId: 'wave-home-1000' }, requestText: request, recognize: recognizeNothing });
    expect(noLlm.ok).toBe(false);
    const yes = llmSaying('YES');
    expect(await verifyProposedCall({ connector: changePlanConnector, input: { planId: 'wave-home-1000' }, requestText: request, recognize: recognizeNothing, llm: yes.model })).toEqual({ ok: true, by: 'llm' });
    expect(yes.calls[0]).toContain('wave-home-1000');
    expect(yes.calls[0]).toContain('the 1000 one please');
    const no = llmSaying('NO');
    expect((await verifyProposedCall({ connector: changePlanConnector, input: { planId: 'wave-home-1000' }, requestText: request, recognize: recognizeNothing, llm: no.model })).ok).toBe(false);
  });

  it("compares the key arguments the tool's definition names, for a built-in tool and an HTTP connector alike", async () => {
    // A callback's topic is free text (no key arguments): another wording of it passes.
    expect(requestCallbackConnector.keyArguments).toEqual([]);
    const callback = await verifyProposedCall({
      connector: requestCallbackConnector,
      input: { topic: 'my invoice' },
      requestText: 'please call me back about my bill',
      recognize: () => ({ toolName: 'request_callback', input: { topic: 'my bill' } }),
    });
    expect(callback).toEqual({ ok: true, by: 'rules' });

    // An HTTP write: by default its required fields, here the order number.
    const cancel = defineHttpConnector(cancelOrderDefinition('http://127.0.0.1:1'));
    expect(cancel.keyArguments).toEqual(['orderId']);
    const asked = (orderId: string) => () => ({ toolName: 'cancel_order', input: { orderId } });
    expect(await verifyProposedCall({ connector: cancel, input: { orderId: 'A-1001' }, requestText: 'cancel order A-1001', recognize: asked('A-1001') })).toEqual({ ok: true, by: 'rules' });
    expect(await verifyProposedCall({ connector: cancel, input: { orderId: 'A-1002' }, requestText: 'cancel order A-1001', recognize: asked('A-1001') })).toMatchObject({
      ok: false,
      reason: 'orderId differs from what was asked',
    });
    // Its own schema validates the input.
    expect(await verifyProposedCall({ connector: cancel, input: { orderId: 'A-1001', customerId: 'x' }, requestText: 'cancel order A-1001', recognize: asked('A-1001') })).toMatchObject({ ok: false });

    // A definition may name the key arguments itself.
    const strict = { name: 'x', input: z.object({ orderId: z.string(), reason: z.string().optional() }).strict(), keyArguments: ['orderId', 'reason'] };
    expect(
      await verifyProposedCall({ connector: strict, input: { orderId: 'A-1', reason: 'late' }, requestText: 'cancel A-1', recognize: () => ({ toolName: 'x', input: { orderId: 'A-1' } }) }),
    ).toMatchObject({ ok: false, reason: 'reason differs from what was asked' });
  });
});
