import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { recognizeAccountRequest } from '@/lib/actions/intents';
import { CATALOG, NOW } from '@/lib/actions/intents/test-fixtures';
import { adversarialMessage, cpuMs, FROZE_THE_SERVER, HOT_PATH, WARM_UP } from './adversarial';
import { MAX_MESSAGE_CHARS } from '@/lib/domain/chat';

/**
 * Every per-message function of the chat's hot path, fed adversarial messages up to the message
 * limit: no throw, an output of the right shape, and no catastrophe. The CPU budget is a guard,
 * not a benchmark (catastrophic backtracking costs seconds; npm run bench:adversarial prints
 * the figures): generous, so that a loaded 2-core machine does not fail it.
 */
const BUDGET_MS = 250;

async function expectWithinBudget(message: string) {
  for (const step of HOT_PATH) {
    const ms = await cpuMs(() => step.run(message));
    expect(ms, `${step.name} took ${ms.toFixed(0)} ms of CPU on ${JSON.stringify(message.slice(0, 80))}… (${message.length} chars)`).toBeLessThan(BUDGET_MS);
  }
}

beforeAll(async () => {
  // The first calls pay one-off costs (date parsers, stemmers, regular expression compilation).
  for (const m of WARM_UP) for (const step of HOT_PATH) await step.run(m);
});

describe('the hot path under adversarial messages', () => {
  it('reads the message that once froze the server in normal time', async () => {
    expect(FROZE_THE_SERVER).toHaveLength(1995);
    expect(FROZE_THE_SERVER.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    const ms = await cpuMs(() => {
      expect(recognizeAccountRequest(FROZE_THE_SERVER, { lang: 'en', catalog: CATALOG, now: NOW, timeZone: 'Europe/Zurich' })).toEqual({
        toolName: 'request_callback',
        input: {},
      });
    });
    expect(ms).toBeLessThan(BUDGET_MS);
    await expectWithinBudget(FROZE_THE_SERVER);
  });

  it('keeps every function total, well-shaped and within budget', async () => {
    await fc.assert(
      fc.asyncProperty(adversarialMessage, async (message) => {
        expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
        await expectWithinBudget(message);
      }),
      { numRuns: 60, seed: 2026 },
    );
  });

  it('survives the rules’ keywords at the message limit, each alone', async () => {
    for (const keyword of ['about ', 'call me ', 'wegen ', 'au sujet de ', 'riguardo a ', 'Termin verschieben ', '1 ', ' ', '\n', '# ', '[']) {
      await expectWithinBudget(keyword.repeat(Math.ceil(MAX_MESSAGE_CHARS / keyword.length)).slice(0, MAX_MESSAGE_CHARS));
    }
  });
});
