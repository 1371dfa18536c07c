import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { startOpenAICompatibleServer, type OpenAICompatibleServer, type RecordedRequest } from '@/lib/ai/testing/openai-compatible-server';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import type { TestCase } from './case';
import { NEEDS_LLM_REASON, runTestCase } from './run';

/**
 * Simulated customers and criterion checks, with the local OpenAI-compatible server scripted as
 * the customer, the assistant and the judge (real HTTP, real streaming): the simulation runs to
 * its goal through the real chat turn, and the criterion check records the judge's verdict and
 * reason. Without an LLM such cases are skipped, with the reason.
 */

const system = (req: RecordedRequest): string => {
  const messages = (req.body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  return messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
};

const simulated: TestCase = {
  name: 'restart, simulated',
  group: 'simulated',
  lang: 'en',
  customer: null,
  turns: [],
  simulation: {
    persona: 'A busy parent whose Box 5 keeps dropping the connection.',
    goal: 'Find out how to restart the Box 5.',
    knows: 'Their modem is a Box 5.',
    maxTurns: 4,
    expect: { criterion: 'Explains how to restart the Box 5.', lang: 'en' },
  },
};

describe.each(testBackends())('simulated customers and criterion checks on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  let server: OpenAICompatibleServer;
  let verdict: 'met' | 'not_met' = 'met';

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
    server = await startOpenAICompatibleServer({
      reply: (req) => {
        const text = system(req);
        if (text.includes('You play a customer')) {
          // First message, then satisfied once the assistant has answered.
          const first = text.includes('(none yet');
          return { kind: 'text', chunks: [JSON.stringify(first ? { done: false, message: 'hi, how do I restart my Box 5?' } : { done: true, message: '' })] };
        }
        if (text.includes('against a criterion')) {
          return { kind: 'text', chunks: [JSON.stringify({ verdict, reason: verdict === 'met' ? 'It gives the power-button steps.' : 'It talks about the Wi-Fi instead.' })] };
        }
        return { kind: 'text', chunks: ['Press the power button', ' for 10 seconds, then wait until the light is white [1].'] };
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs a simulated customer to its goal and records the judge’s verdict and reason', async () => {
    const config = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url });
    verdict = 'met';
    const before = server.requests.length;
    const outcome = await runTestCase(database.db, { config, test: simulated });
    expect(outcome.reason).toBeNull();
    expect(outcome.status).toBe('passed');
    const turns = outcome.transcript.filter((t) => t.kind === 'turn');
    expect(turns.map((t) => t.user)).toEqual(['hi, how do I restart my Box 5?']);
    expect(turns[0]!.seen.text).toContain('Press the power button for 10 seconds');
    const summary = outcome.transcript.find((t) => t.kind === 'summary');
    expect(summary).toMatchObject({ stoppedBecause: 'goal_met', goalMet: true });
    expect(summary!.checks).toContainEqual({ check: 'criterion', pass: true, detail: 'judge: met — It gives the power-button steps.' });
    // The customer model got the persona and goal; the judge got the criterion and the conversation.
    const sent = server.requests.slice(before).map(system).join('\n');
    expect(sent).toContain('A busy parent whose Box 5 keeps dropping the connection.');
    expect(sent).toContain('Criterion:\nExplains how to restart the Box 5.');
    expect(sent).toContain('Customer: hi, how do I restart my Box 5?');
  });

  it('fails a scripted turn whose criterion the judge finds not met, with the reason', async () => {
    const config = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url });
    verdict = 'not_met';
    const outcome = await runTestCase(database.db, {
      config,
      test: { name: 'restart, judged', group: 'judged', lang: 'en', customer: null, turns: [{ user: 'How do I restart my Box 5?', expect: { criterion: 'Explains how to restart the Box 5.' } }] },
    });
    expect(outcome.status).toBe('failed');
    const turn = outcome.transcript.find((t) => t.kind === 'turn');
    expect(turn!.checks).toContainEqual({ check: 'criterion', pass: false, detail: 'judge: not met — It talks about the Wi-Fi instead.' });
  });

  it('skips such cases without an LLM, with the reason, and runs nothing', async () => {
    const outcome = await runTestCase(database.db, { config: parseConfig({}), test: simulated });
    expect(outcome).toMatchObject({ status: 'skipped', reason: NEEDS_LLM_REASON, transcript: [] });
  });
});
