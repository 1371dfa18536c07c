import fs from 'node:fs';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createChatModel } from '@/lib/ai/models';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '@/lib/ai/testing/openai-compatible-server';
import { createAnswerDeps } from '@/lib/chat/answer-deps';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { upsertGoldenAnswer } from '@/lib/db/queries/golden-answers';
import { testBackends } from '@/lib/db/test-databases';
import type { AnswerDeps } from '@/lib/rag/answer';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { REPLIES } from '@/lib/rag/replies';
import { answerTurn, type TurnInput } from './engine';
import { createEmbedder } from '@/lib/ai/models';

const localConfig = parseConfig({});

async function ask(deps: AnswerDeps, question: string, extra: Partial<TurnInput> = {}) {
  const deltas: string[] = [];
  const result = await answerTurn(deps, { question, history: [], signedIn: false, ...extra }, { text: (d) => deltas.push(d) });
  return { ...result, deltas };
}

/** A generator that fails the test if the pipeline calls it. */
function forbiddenModel() {
  return {
    model: new MockLanguageModelV4({
      doStream: async () => {
        throw new Error('the language model must not be called');
      },
    }),
    id: 'forbidden',
    price: { inputPerMTok: 0, outputPerMTok: 0 },
  };
}

describe.each(testBackends())('answer pipeline on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  let deps: AnswerDeps;

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
    deps = await createAnswerDeps(database.db, localConfig);
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('streams a cited answer in the question’s language with links from the corpus', async () => {
    const answer = await ask(deps, 'How do I restart the Box 5 with the power button?');
    expect(answer.outcome).toBe('answered');
    expect(answer.deltas.length).toBeGreaterThan(1);
    expect(answer.deltas.join('')).toBe(answer.text);
    expect(answer.text).toMatch(/power button/i);
    expect(answer.text).toContain('[1]');
    expect(answer.citations[0]).toMatchObject({ n: 1, documentId: 'restart-box5-en', url: expect.stringMatching(/^\/articles\/restart-box-5#/) });
    expect(answer.lang).toBe('en');
    expect(answer.ttftMs).toBeGreaterThanOrEqual(0);
    expect(answer.retrieved.some((r) => r.passed && r.documentId === 'restart-box5-en')).toBe(true);
    expect(answer.passedDocumentIds).toContain('restart-box5-en');
    expect(answer.model).toBe('local:lantern-extractive-v1');
  });

  it('answers a German question in German from the German article', async () => {
    const answer = await ask(deps, 'Wie starte ich die Box 5 über das Menü neu?');
    expect(answer.outcome).toBe('answered');
    expect(answer.lang).toBe('de');
    expect(answer.citations[0]!.documentId).toBe('restart-box5-de');
    expect(detectLanguage(answer.text.replace(/\[\d+\]/g, ''))).toBe('de');
  });

  it('says it does not know, and offers a person, when nothing grounded answers', async () => {
    const answer = await ask(deps, 'Do you sell leather phone cases for the Box 5?');
    expect(answer.outcome).toBe('no_answer');
    expect(answer.text).toBe(REPLIES.en.noAnswer);
    expect(answer.citations).toEqual([]);
    expect(answer.handoffOffered).toBe(true);
  });

  it('nudges out-of-scope questions toward what the help center does', async () => {
    // (No word of it in the help center: "four" would be, "four separate LEDs".)
    const answer = await ask(deps, 'Who won the football world cup in nineteen fifty?');
    expect(answer.outcome).toBe('out_of_scope');
    expect(answer.text).toBe(REPLIES.en.outOfScope);
  });

  it('answers chit-chat and asks anonymous visitors to sign in for account requests, without retrieval', async () => {
    const greeting = await ask({ ...deps, generator: forbiddenModel() }, 'Grüezi');
    expect(greeting).toMatchObject({ outcome: 'chit_chat', route: 'chit_chat', text: REPLIES.de.chitChat.greeting });
    const account = await ask({ ...deps, generator: forbiddenModel() }, 'show me my bill');
    expect(account).toMatchObject({ outcome: 'sign_in', route: 'account', text: REPLIES.en.signIn });
    // Asking to have it done invites a sign-in; asking how to do it gets the help articles.
    const recognise = { requestedTool: () => 'restart_modem' };
    const write = await ask({ ...deps, generator: forbiddenModel() }, 'restart my modem please', { account: recognise });
    expect(write.outcome).toBe('sign_in');
    const howTo = await ask(deps, 'my modem needs a restart, how?', { account: recognise });
    expect(howTo.route).toBe('knowledge');
  });

  // The recogniser finds a plan change or a person anywhere in a message; what the visitor asks decides.
  it('reads a visitor’s message by what it asks, not by the story told before the question', async () => {
    const recognise = { requestedTool: (text: string) => (/upgraded|change my plan/i.test(text) ? 'change_plan' : /talk to someone/i.test(text) ? 'request_callback' : null) };
    const port = await ask(deps, 'Just upgraded my plan. Which port do I use for the fibre cable?', { account: recognise });
    // (The test corpus has no article on it: retrieval, not the account path, says so.)
    expect(port).toMatchObject({ route: expect.not.stringMatching(/^account$/), outcome: expect.not.stringMatching(/^sign_in$/) });
    const person = await ask(deps, 'I would like to talk to someone in sign language. When is that possible?', { account: recognise });
    expect(person).toMatchObject({ route: expect.not.stringMatching(/^account$/), outcome: expect.not.stringMatching(/^handoff$/) });
    const change = await ask({ ...deps, generator: forbiddenModel() }, 'The internet is too slow for us. Can you change my plan to Wave Home 1000?', { account: recognise });
    expect(change.outcome).toBe('sign_in');
    const ifSwitch = await ask(deps, 'If I change my plan to Wave Mobile L today, when do I get the extra data?', { account: recognise });
    expect(ifSwitch.outcome).not.toBe('sign_in');
  });

  // "If I pay now, how long until …?" asks what would follow, signed in or not: the articles answer,
  // and nothing is read from or done to the account.
  it('answers a signed-in customer’s question about what would follow a change from the articles, not the account', async () => {
    const accountAnswer = () => {
      throw new Error('the account path must not run');
    };
    const recognise = { requestedTool: () => 'pay_invoice', answer: accountAnswer };
    for (const question of ['If I pay the invoice now by card, how long until my services are back?', 'Se pago la fattura adesso con la carta, quanto ci vuole per tornare normale?']) {
      const answer = await ask(deps, question, { signedIn: true, account: recognise });
      expect(answer.route, question).not.toBe('account');
    }
    // Asking to have it done still goes to the account.
    const pay = await ask(deps, 'I want to pay my invoice now', { signedIn: true, account: { requestedTool: () => 'pay_invoice', answer: async () => ({ outcome: 'account' as const, tools: [], model: 'test', tokensIn: 0, tokensOut: 0, error: null }) } });
    expect(pay.route).toBe('account');
  });

  it('offers a visitor who asks for a person the hand-off, with no sign-in needed', async () => {
    const person = await ask({ ...deps, generator: forbiddenModel() }, 'Ich möchte mit einem Mitarbeiter sprechen', { account: { requestedTool: () => 'request_callback' } });
    expect(person).toMatchObject({ outcome: 'handoff', route: 'account', handoffOffered: true, text: REPLIES.de.personOffer });
  });

  it('uses the conversation for a follow-up and for the language of a short message', async () => {
    const history = [
      { role: 'user' as const, content: 'How much does roaming cost in Europe?', lang: 'en' },
      { role: 'assistant' as const, content: 'CHF 2.90 per day [1]', lang: 'en' },
    ];
    const followUp = await ask(deps, 'and how do I turn it off?', { history });
    expect(followUp.standalone).toContain('roaming');
    expect(followUp.outcome).toBe('answered');
    expect(followUp.citations[0]!.documentId).toBe('roaming-en');
    expect(followUp.text).toMatch(/Data roaming/);
  });

  describe('golden answers', () => {
    beforeAll(async () => {
      await upsertGoldenAnswer(database.db, {
        input: { id: 'g-restart', lang: 'en', question: 'How do I restart my Box 5?', answer: 'Hold the power button for 3 seconds. (expert)', sourceIds: ['restart-box5-en'], tags: [], facts: [] },
        updatedBy: null,
      });
    });

    it('answers a near-exact question verbatim, without calling the model, and logs the score', async () => {
      const answer = await ask({ ...deps, generator: forbiddenModel() }, 'how do I restart my box 5');
      expect(answer.outcome).toBe('golden');
      expect(answer.text).toBe('Hold the power button for 3 seconds. (expert)');
      expect(answer.deltas.length).toBeGreaterThan(1);
      expect(answer.golden).toMatchObject({ id: 'g-restart', used: 'verbatim' });
      expect(answer.golden!.score).toBeGreaterThan(0.8);
      expect(answer.citations.map((c) => c.documentId)).toEqual(['restart-box5-en']);
    });

    it('respects a threshold of 0 (always the best golden answer) and of 1 (exact only)', async () => {
      // 0: the best eligible one, whatever the words; a Box 5 answer still only answers Box 5 questions.
      const zero = await ask({ ...deps, settings: { ...deps.settings, goldenMatchThreshold: 0 } }, 'What do the lights on the Box 5 mean?');
      expect(zero.outcome).toBe('golden');
      const unversioned = await ask({ ...deps, settings: { ...deps.settings, goldenMatchThreshold: 0 } }, 'What does roaming cost per day?');
      expect(unversioned.outcome).not.toBe('golden');
      const exact = await ask({ ...deps, settings: { ...deps.settings, goldenMatchThreshold: 1 } }, 'How do I restart my Box 5');
      expect(exact.outcome).toBe('golden');
      const one = await ask({ ...deps, settings: { ...deps.settings, goldenMatchThreshold: 1 } }, 'how can I restart the box 5 please');
      expect(one.outcome).not.toBe('golden');
      expect(one.golden?.used).toBe('source');
    });

    it('does not answer another language’s question with an English golden answer', async () => {
      const answer = await ask({ ...deps, settings: { ...deps.settings, goldenMatchThreshold: 0 } }, 'Wie starte ich meine Box 5 neu?');
      expect(answer.outcome).not.toBe('golden');
    });
  });

  describe('with an OpenAI-compatible server', () => {
    let server: OpenAICompatibleServer;
    let openaiDeps: AnswerDeps;

    beforeAll(async () => {
      server = await startOpenAICompatibleServer();
      const config = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url, OPENAI_CHAT_MODEL: 'gpt-4o-mini' });
      openaiDeps = { ...deps, generator: createChatModel(config.model), settings: { ...deps.settings, modelTimeoutMs: 600 } };
    });
    afterEach(() => {
      server.requests.length = 0;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('streams the model’s answer, keeps valid citations and records tokens and cost', async () => {
      server.setReply({ kind: 'text', chunks: ['Press the power ', 'button for one second [3]', ' and again [7].'], usage: { prompt_tokens: 1000, completion_tokens: 20 } });
      const answer = await ask(openaiDeps, 'How do I restart the Box 5 with the power button?');
      const body = server.requests[0]!.body as { model: string; stream: boolean; messages: { role: string; content: string }[] };
      expect(body.model).toBe('gpt-4o-mini');
      expect(body.stream).toBe(true);
      expect(body.messages[0]!.content).toMatch(/Answer in English/);
      expect(body.messages.at(-1)!.content).toMatch(/<source id="1" title="[^"]+" url="\/articles\//);
      expect(answer.outcome).toBe('answered');
      // [7] was never passed: removed. [3] becomes the first citation shown.
      expect(answer.text).toBe('Press the power button for one second [1] and again.');
      expect(answer.citations).toHaveLength(1);
      expect(answer.passedDocumentIds).toContain(answer.citations[0]!.documentId);
      expect(answer).toMatchObject({ model: 'openai:gpt-4o-mini', tokensIn: 1000, tokensOut: 20 });
      expect(answer.costUsd).toBeCloseTo((1000 * 0.15 + 20 * 0.6) / 1e6, 10);
    });

    it('shows the no-answer reply when the model cites nothing valid', async () => {
      server.setReply({ kind: 'text', chunks: ['I think it is ', 'CHF 5 [9].'] });
      const answer = await ask(openaiDeps, 'How do I restart the Box 5 with the power button?');
      expect(answer.outcome).toBe('no_answer');
      expect(answer.text).toBe(REPLIES.en.noAnswer);
      expect(answer.deltas.join('')).not.toContain('CHF 5');
    });

    it('turns a server error into a clear message with a hand-off offer', async () => {
      server.setReply({ kind: 'error', status: 500, message: 'upstream exploded' });
      const answer = await ask(openaiDeps, 'How do I restart the Box 5 with the power button?');
      expect(answer).toMatchObject({ outcome: 'error', handoffOffered: true, text: REPLIES.en.modelUnavailable });
      expect(answer.error).toMatch(/upstream exploded|500/);
    });

    it('gives up on a hanging server after the timeout instead of waiting forever', async () => {
      server.setReply({ kind: 'hang', sendHeaders: true });
      const started = Date.now();
      const answer = await ask(openaiDeps, 'How do I restart the Box 5 with the power button?');
      expect(answer.outcome).toBe('error');
      expect(answer.text).toBe(REPLIES.en.modelUnavailable);
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('falls back to the local model when one is configured', async () => {
      server.setReply({ kind: 'error', status: 503, message: 'overloaded' });
      const answer = await ask({ ...openaiDeps, fallback: deps.generator }, 'How do I restart the Box 5 with the power button?');
      expect(answer.outcome).toBe('answered');
      expect(answer.model).toBe('local:lantern-extractive-v1');
      expect(answer.error).toMatch(/overloaded|503/);
      expect(answer.citations[0]!.documentId).toBe('restart-box5-en');
    });
  });
});

describe.each(testBackends())('follow-ups condensed by the model on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  let server: OpenAICompatibleServer;

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
    server = await startOpenAICompatibleServer();
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('asks the model for a standalone question, with earlier questions as a summary, then answers it', async () => {
    const config = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url });
    const local = await createAnswerDeps(database.db, parseConfig({}));
    const chat = createChatModel(config.model);
    const deps: AnswerDeps = { ...local, generator: chat, condenser: chat.model };
    server.setReply((req) =>
      (req.body as { stream?: boolean }).stream
        ? { kind: 'text', chunks: ['Go to Settings, Mobile data ', 'and switch off Data roaming [1].'] }
        : { kind: 'text', chunks: ['How do I turn off roaming?'] },
    );
    const history = [
      { role: 'user' as const, content: 'How much does roaming cost in Europe?', lang: 'en' },
      { role: 'assistant' as const, content: 'CHF 2.90 per day [1]', lang: 'en' },
    ];
    const answer = await ask(deps, 'and how do I stop it?', { history, earlierQuestions: ['Do you have a shop in Bern?'] });
    const [condense, generate] = server.requests;
    const condenseBody = condense!.body as { stream?: boolean; messages: { content: string }[] };
    expect(condenseBody.stream).toBeFalsy();
    expect(condenseBody.messages.at(-1)!.content).toContain('Earlier in this conversation the customer asked: “Do you have a shop in Bern?”');
    expect(condenseBody.messages.at(-1)!.content).toContain('Last message: and how do I stop it?');
    expect(answer.standalone).toBe('How do I turn off roaming?');
    expect((generate!.body as { messages: { content: string }[] }).messages.at(-1)!.content).toContain('<standalone-question lang="en">How do I turn off roaming?</standalone-question>');
    expect(answer.outcome).toBe('answered');
    expect(answer.citations[0]!.documentId).toBe('roaming-en');
  });

  it('falls back to the built-in rule when the model cannot condense', async () => {
    const config = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url });
    const local = await createAnswerDeps(database.db, parseConfig({}));
    const chat = createChatModel(config.model);
    server.setReply((req) => ((req.body as { stream?: boolean }).stream ? { kind: 'text', chunks: ['Switch off Data roaming [1].'] } : { kind: 'error', status: 500, message: 'no' }));
    const history = [{ role: 'user' as const, content: 'How much does roaming cost in Europe?', lang: 'en' }];
    const answer = await ask({ ...local, generator: chat, condenser: chat.model }, 'and how do I turn it off?', { history });
    expect(answer.standalone).toContain('roaming');
    expect(answer.outcome).toBe('answered');
  });
});
