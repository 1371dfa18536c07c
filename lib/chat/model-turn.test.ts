import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { readUIMessageStream } from 'ai';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recognizeAccountRequest } from '@/lib/actions/intents';
import { loadPlanCatalog } from '@/lib/actions/catalog';
import { openDemoDatabase, TEST_NOW, type DemoDatabase } from '@/lib/actions/repository/testing';
import { createEmbedder } from '@/lib/ai/models';
import { startOpenAICompatibleServer, type MockReply, type OpenAICompatibleServer, type RecordedRequest } from '@/lib/ai/testing/openai-compatible-server';
import { parseConfig } from '@/lib/config';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import type { ChatUIMessage } from '@/lib/domain/chat';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { routeByForm } from './route';
import { startChatTurn } from './turn';

/**
 * With an LLM the model decides, with tools, against a local OpenAI-compatible server (real HTTP,
 * real streaming) scripted step by step: each request's reply depends on how many tool results it
 * already carries.
 */

type Messages = { messages: { role: string }[]; tools?: { function: { name: string } }[] };

/** Replies to the chat turn's requests in order of the tool results they carry; other requests get plain text. */
function script(steps: MockReply[]) {
  return (req: RecordedRequest): MockReply => {
    const body = req.body as Messages;
    if (!body.tools) return { kind: 'text', chunks: ['ok'] };
    const done = body.messages.filter((m) => m.role === 'tool').length;
    return steps[Math.min(done, steps.length - 1)]!;
  };
}

const textOf = (m: ChatUIMessage) => m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
const cardsOf = (m: ChatUIMessage) => m.parts.flatMap((p) => (p.type === 'data-approval' ? [p.data as ApprovalCard] : []));

describe.each(testBackends())('the model decides, with tools, on $name', ({ open }) => {
  let demo: DemoDatabase;
  let server: OpenAICompatibleServer;
  let dir: string;

  const llmConfig = () => parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url, CHAT_FALLBACK: 'none', CHAT_MODEL_TIMEOUT_MS: '800' });

  beforeAll(async () => {
    demo = await openDemoDatabase(open);
    server = await startOpenAICompatibleServer();
    dir = writeTestCorpus();
    // Embedded by the configured (OpenAI-compatible) embedding model, as the app's ingest would.
    await runIngest(demo.database.db, { dir, source: 'test', embedder: createEmbedder(llmConfig().model) });
  });
  beforeEach(async () => {
    await demo.reset();
    server.requests.length = 0;
  });
  afterAll(async () => {
    await server?.close();
    await demo?.database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function turn(text: string, { signedIn = true } = {}) {
    const config = llmConfig();
    const conversationId = randomUUID();
    const started = await startChatTurn({
      db: demo.database.db,
      config,
      owner: signedIn ? { kind: 'user', userId: demo.ids.anna.userId } : { kind: 'anon', anonKey: 'k'.repeat(64) },
      signedIn,
      now: TEST_NOW,
      request: { conversationId, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } },
    });
    if (!started.ok) throw new Error('turn refused');
    let last: ChatUIMessage | undefined;
    for await (const message of readUIMessageStream<ChatUIMessage>({ stream: started.stream })) last = message;
    const [trace] = await queryRows<{ route: string; outcome: string; details: { tools?: { name: string }[] } }>(
      demo.database.db,
      sql`select route, outcome, details from answer_traces where message_id = ${last!.metadata!.messageId!}`,
    );
    return { message: last!, conversationId, trace: trace! };
  }

  it('an account request the built-in rules do not recognise reaches the write tool and becomes an approval card', async () => {
    const request = 'could you sort it so that my home connection runs on the 1000 one from now on';
    // The rules would not have let this through to any tool.
    const catalog = await loadPlanCatalog(demo.database.db);
    expect(recognizeAccountRequest(request, { lang: 'en', catalog, now: TEST_NOW, timeZone: 'Europe/Zurich' })).toBeNull();
    expect(routeByForm(request)).toBe('knowledge');

    server.setReply(script([{ kind: 'tool-call', name: 'change_plan', args: { planId: 'wave-home-1000' } }]));
    const { message, trace } = await turn(request);
    const sent = server.requests.find((r) => (r.body as Messages).tools)!.body as Messages;
    expect(sent.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(['search_help_center', 'request_handoff', 'change_plan', 'get_modem_status']));
    expect(cardsOf(message)).toEqual([expect.objectContaining({ toolName: 'change_plan', status: 'pending' })]);
    expect(message.metadata?.outcome).toBe('approval');
    expect(trace).toMatchObject({ route: 'account', outcome: 'approval', details: { tools: [{ name: 'change_plan', input: { planId: 'wave-home-1000' } }] } });
  });

  it('one turn searches the help center and reads the account, and answers with both the citation and the data', async () => {
    server.setReply(
      script([
        { kind: 'tool-call', name: 'search_help_center', args: { query: 'restart Box 5 connection problems' } },
        { kind: 'tool-call', name: 'get_modem_status', args: {} },
        { kind: 'text', chunks: ['Restarting fixes most connection problems [1]. ', 'Your Box is online right now.'] },
      ]),
    );
    const { message, trace } = await turn('my internet keeps dropping, is my box even online?');
    expect(message.metadata?.outcome).toBe('answered');
    expect(message.metadata?.citations?.[0]).toMatchObject({ documentId: expect.stringMatching(/^restart-box5-/), url: expect.stringMatching(/^\/articles\//) });
    expect(textOf(message)).toBe('Restarting fixes most connection problems [1]. Your Box is online right now.');
    expect(trace.details.tools!.map((t) => t.name)).toEqual(['search_help_center', 'get_modem_status']);
    // The model saw the customer's modem as the account tool returned it.
    const last = server.requests.filter((r) => (r.body as Messages).tools).at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(last.messages.filter((m) => m.role === 'tool'))).toMatch(/Box [35]/);
  });

  it('the model calling request_handoff opens a hand-off the console sees', async () => {
    server.setReply(
      script([
        { kind: 'tool-call', name: 'request_handoff', args: { reason: 'customer_request', note: 'Wants to talk about a complaint' } },
        { kind: 'text', chunks: ['A colleague will reply here shortly.'] },
      ]),
    );
    const { message, conversationId, trace } = await turn('I would rather talk to someone about my complaint');
    expect(message.metadata?.outcome).toBe('handoff');
    expect(textOf(message)).toBe('A colleague will reply here shortly.');
    const handoffs = await queryRows<{ status: string; reason: string; note: string }>(demo.database.db, sql`select status, reason, note from handoffs where conversation_id = ${conversationId}`);
    expect(handoffs).toEqual([{ status: 'open', reason: 'customer_request', note: 'Wants to talk about a complaint' }]);
    expect(trace.outcome).toBe('handoff');
  });

  it('keeps the citation rail: a number no search returned is removed, and a knowledge answer without a valid one is not shown', async () => {
    server.setReply(
      script([
        { kind: 'tool-call', name: 'search_help_center', args: { query: 'student discount' } },
        { kind: 'text', chunks: ['Students get 50 % off [7].'] },
      ]),
    );
    const { message } = await turn('do you have a student discount?', { signedIn: false });
    expect(message.metadata?.outcome).toBe('no_answer');
    expect(textOf(message)).not.toMatch(/50 %/);
    // Anonymous: no account tools were offered.
    const sent = server.requests.find((r) => (r.body as Messages).tools)!.body as Messages;
    expect(sent.tools!.map((t) => t.function.name).sort()).toEqual(['request_handoff', 'search_help_center']);
  });

  it.each([
    ['a hanging server (headers sent, then silence)', { kind: 'hang', sendHeaders: true } as const],
    ['a server error', { kind: 'error', status: 500, message: 'model crashed' } as const],
  ])('ends %s in the clear error with a hand-off offer', async (_, reply) => {
    server.setReply(reply);
    const started = Date.now();
    const { message, trace } = await turn('How do I restart my Box 5?', { signedIn: false });
    expect(message.metadata).toMatchObject({ outcome: 'error', handoffOffered: true });
    expect(textOf(message)).toMatch(/answer service isn't responding/);
    expect(trace.outcome).toBe('error');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
