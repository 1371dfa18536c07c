import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { readUIMessageStream } from 'ai';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatUIMessage } from '@/lib/domain/chat';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import { anonKeyOf } from '@/lib/chat/anon-key';
import { startChatTurn } from '@/lib/chat/turn';
import { parseConfig, type Config } from '@/lib/config';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { createChatModel } from '@/lib/ai/models';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '@/lib/ai/testing/openai-compatible-server';
import { connectorRegistry } from './connectors/registry-load';
import { CANCEL_MESSAGES, cancelOrderConfig, orderStatusConfig } from './connectors/test-connectors';
import { startOrdersApi, type OrdersApi } from './connectors/test-orders-api';
import { decideApproval } from './decide';
import { auditRows, TEST_NOW, useDemoDatabase } from './repository/testing';

/**
 * Action connectors in the chat, end to end: a connectors config file (LANTERN_CONNECTORS_FILE)
 * pointing at the local test orders API, the real chat turn, the approval decision and the audit
 * log, with the built-in model and with an OpenAI-compatible model server. The orders API checks
 * every request's signature and acts for the customer of its Lantern-Customer header only.
 */

const SECRET = 'connector-secret-'.padEnd(40, 'x');

async function lastMessage(stream: ReadableStream<unknown>): Promise<ChatUIMessage> {
  let last: ChatUIMessage | undefined;
  for await (const message of readUIMessageStream<ChatUIMessage>({ stream: stream as never })) last = message;
  if (!last) throw new Error('no message streamed');
  return last;
}
const textOf = (m: ChatUIMessage) => m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
const cardsOf = (m: ChatUIMessage) => m.parts.flatMap((p) => (p.type === 'data-approval' ? [p.data as ApprovalCard] : []));

let api: OrdersApi;
let dir: string;
let connectorsFile: string;
beforeAll(async () => {
  api = await startOrdersApi({ secret: SECRET });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-connector-flow-'));
  connectorsFile = path.join(dir, 'connectors.json');
  fs.writeFileSync(connectorsFile, JSON.stringify({ connectors: [orderStatusConfig(api.origin), cancelOrderConfig(api.origin)] }));
});
afterAll(async () => {
  await api?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(testBackends())('action connectors in the chat on $name', ({ open }) => {
  const demo = useDemoDatabase(open);
  const db = () => demo.database.db;
  let local: Config;
  let annaNumber: string;

  beforeAll(() => {
    local = parseConfig({ LANTERN_CONNECTORS_FILE: connectorsFile, LANTERN_CONNECTORS_SECRET: SECRET });
  });
  beforeEach(async () => {
    api.reset();
    const [row] = await queryRows<{ customer_number: string }>(db(), sql`select customer_number from customers where id = ${demo.ids.anna.customerId}`);
    annaNumber = row!.customer_number;
    // The company's orders for the demo customer (the API knows customers by their number).
    api.orders.set('A-1', { id: 'A-1', customerId: annaNumber, status: 'processing', eta: '2026-12-09' });
    api.orders.set('A-7', { id: 'A-7', customerId: annaNumber, status: 'shipped', eta: '2026-12-05' });
  });

  async function chat(text: string, { config = local, signedIn = true } = {}) {
    const owner = signedIn ? { kind: 'user' as const, userId: demo.ids.anna.userId } : { kind: 'anon' as const, anonKey: anonKeyOf('c'.repeat(43)) };
    const turn = await startChatTurn({
      db: db(),
      config,
      owner,
      signedIn,
      now: TEST_NOW,
      request: { conversationId: randomUUID(), message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } },
    });
    if (!turn.ok) throw new Error('turn refused');
    return lastMessage(turn.stream);
  }
  const decide = async (approvalId: string, decision: 'approve' | 'decline', lang: 'en' | 'de' | 'fr' | 'it' = 'en', config = local, llm?: Parameters<typeof decideApproval>[1]['llm']) =>
    decideApproval(db(), { approvalId, userId: demo.ids.anna.userId, decision, lang, now: TEST_NOW, connectors: await connectorRegistry(config), llm });
  const cancels = () => api.requests.filter((r) => r.method === 'POST');

  describe('with the built-in model', () => {
    it('answers an order-status question from the company’s API, signed for the signed-in customer', async () => {
      const message = await chat("What's the status of order A-7?");
      expect(message.metadata?.outcome).toBe('account');
      expect(textOf(message)).toBe('Order status: status shipped, eta 2026-12-05.');
      expect(api.requests).toHaveLength(1);
      expect(api.requests[0]).toMatchObject({ method: 'GET', target: '/orders/A-7', customerId: annaNumber, signature: { ok: true }, status: 200 });
    });

    it('tells the customer, in their language, when the API does not know the order for them', async () => {
      const message = await chat('Stato del mio ordine B-2001?');
      expect(message.metadata?.outcome).toBe('refused');
      expect(message.metadata?.lang).toBe('it');
      // B-2001 is another customer's order: the API answers 404 for Anna.
      expect(api.requests[0]).toMatchObject({ target: '/orders/B-2001', customerId: annaNumber, status: 404 });
      expect(textOf(message)).not.toMatch(/processing/);
    });

    it('proposes a cancellation on an approval card in the customer’s language, sends nothing, then cancels exactly once on approval', async () => {
      const message = await chat('Bitte stornieren Sie meine Bestellung A-1');
      expect(message.metadata?.outcome).toBe('approval');
      const [card] = cardsOf(message);
      expect(card).toMatchObject({ toolName: 'cancel_order', status: 'pending', preview: { title: 'Bestellung A-1 stornieren', changes: [{ label: 'Bestellung', before: 'A-1', after: 'storniert' }] } });
      expect(textOf(message)).toContain('Bitte prüfen Sie die Änderung unten');
      expect(api.requests).toEqual([]);

      const decided = await decide(card!.approvalId, 'approve', 'de');
      expect(decided).toMatchObject({ status: 'decided', card: { status: 'executed' } });
      if (decided.status === 'decided') expect(textOf(decided.message)).toBe('Erledigt: Bestellung stornieren (status cancelled).');
      expect(api.orders.get('A-1')?.status).toBe('cancelled');
      expect(cancels()).toHaveLength(1);
      expect(cancels()[0]).toMatchObject({ target: '/orders/A-1/cancel', customerId: annaNumber, signature: { ok: true }, status: 200 });
      expect(cancels()[0]!.headers['idempotency-key']).toBe(card!.approvalId);

      // A double click, a retry, a replay: the card's state, no second request.
      const [again, replay] = await Promise.all([decide(card!.approvalId, 'approve', 'de'), decide(card!.approvalId, 'approve', 'de')]);
      expect(again).toMatchObject({ status: 'already_decided', card: { status: 'executed' } });
      expect(replay).toMatchObject({ status: 'already_decided', card: { status: 'executed' } });
      expect(cancels()).toHaveLength(1);

      expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([
        expect.objectContaining({ action: 'cancel_order', outcome: 'executed', approval_id: card!.approvalId, input: { orderId: 'A-1' }, after: { status: 'cancelled' }, actor_user_id: demo.ids.anna.userId }),
      ]);
    });

    it('shows the API’s refusal as a refusal in the customer’s language, and audits it', async () => {
      api.orders.get('A-1')!.status = 'cancelled';
      const [card] = cardsOf(await chat('Annulez ma commande A-1'));
      const decided = await decide(card!.approvalId, 'approve', 'fr');
      expect(decided).toMatchObject({ status: 'decided', card: { status: 'refused' }, message: { metadata: { outcome: 'refused' } } });
      if (decided.status === 'decided') expect(textOf(decided.message)).toBe(CANCEL_MESSAGES.fr);
      expect(cancels()).toHaveLength(1);
      expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([expect.objectContaining({ action: 'cancel_order', outcome: 'refused', reason: 'request_refused' })]);
    });

    it('sends nothing when the customer declines', async () => {
      const [card] = cardsOf(await chat('cancel order A-1'));
      const decided = await decide(card!.approvalId, 'decline');
      expect(decided).toMatchObject({ status: 'decided', card: { status: 'declined' } });
      expect(api.requests).toEqual([]);
      expect(api.orders.get('A-1')?.status).toBe('processing');
    });

    it('invites an anonymous visitor to sign in, and calls nothing', async () => {
      const message = await chat('cancel order A-1', { signedIn: false });
      expect(message.metadata?.outcome).toBe('sign_in');
      expect(api.requests).toEqual([]);
    });
  });

  describe('with an OpenAI-compatible model', () => {
    let server: OpenAICompatibleServer;
    let llmConfig: Config;
    beforeAll(async () => {
      server = await startOpenAICompatibleServer();
      llmConfig = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url, EMBEDDING_PROVIDER: 'local', LANTERN_CONNECTORS_FILE: connectorsFile, LANTERN_CONNECTORS_SECRET: SECRET });
    });
    afterAll(async () => {
      await server?.close();
    });
    const llm = () => createChatModel(llmConfig.model).model;
    type Body = { tools?: { function: { name: string } }[]; messages?: { role: string; content: unknown }[] };
    /** The model calls `call` when it has tools and no tool result yet; then (and for reports and the verifier) it says `text`. */
    function model(call: { name: string; args: Record<string, unknown> }, text: string) {
      server.setReply((req) => {
        const body = req.body as Body;
        const answered = body.messages?.some((m) => m.role === 'tool');
        return body.tools && !answered ? { kind: 'tool-call', ...call } : { kind: 'text', chunks: [text] };
      });
    }

    it('offers the connectors as tools; a read runs at once and the model words its result', async () => {
      model({ name: 'get_order_status', args: { orderId: 'A-7' } }, 'Your order A-7 has shipped and arrives on 5 December.');
      const message = await chat('Where is my order A-7?', { config: llmConfig });
      const first = server.requests.find((r) => r.path.endsWith('/chat/completions'))!.body as Body;
      expect(first.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(['get_order_status', 'cancel_order', 'change_plan']));
      expect(textOf(message)).toBe('Your order A-7 has shipped and arrives on 5 December.');
      expect(message.metadata?.outcome).toBe('account');
      // The model got the API's mapped answer as the tool result.
      const second = server.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body as Body;
      expect(JSON.stringify(second.messages?.find((m) => m.role === 'tool'))).toContain('shipped');
      expect(api.requests).toHaveLength(1);
      expect(api.requests[0]).toMatchObject({ target: '/orders/A-7', customerId: annaNumber, signature: { ok: true } });
    });

    it('a write becomes an approval card; approved, it runs once for the signed-in customer even when the message names another', async () => {
      model({ name: 'cancel_order', args: { orderId: 'A-1' } }, 'YES');
      const message = await chat('cancel order A-1 for customer cus_other', { config: llmConfig });
      const [card] = cardsOf(message);
      expect(card).toMatchObject({ toolName: 'cancel_order', status: 'pending', preview: { title: 'Cancel order A-1' } });
      expect(api.requests).toEqual([]);

      server.setReply({ kind: 'text', chunks: ['Order A-1 is cancelled.'] });
      const decided = await decide(card!.approvalId, 'approve', 'en', llmConfig, llm());
      expect(decided).toMatchObject({ status: 'decided', card: { status: 'executed' } });
      if (decided.status === 'decided') expect(textOf(decided.message)).toBe('Order A-1 is cancelled.');
      expect(await decide(card!.approvalId, 'approve', 'en', llmConfig, llm())).toMatchObject({ status: 'already_decided' });
      expect(cancels()).toHaveLength(1);
      expect(cancels()[0]).toMatchObject({ customerId: annaNumber, signature: { ok: true } });
      expect(api.requests.map((r) => r.customerId)).not.toContain('cus_other');
      expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([expect.objectContaining({ action: 'cancel_order', outcome: 'executed' })]);
    });

    it('a model that passes a customer gets no tool: the schema has no such field', async () => {
      model({ name: 'get_order_status', args: { orderId: 'B-2001', customerId: 'cust-2002' } }, 'Sorry, I could not look that up.');
      const message = await chat('What is the status of order B-2001 of customer cust-2002?', { config: llmConfig });
      expect(cardsOf(message)).toEqual([]);
      expect(api.requests).toEqual([]);
    });

    it('an API refusal after the approval is shown as a refusal, not as done', async () => {
      api.orders.get('A-1')!.status = 'cancelled';
      model({ name: 'cancel_order', args: { orderId: 'A-1' } }, 'YES');
      const [card] = cardsOf(await chat('Please cancel my order A-1', { config: llmConfig }));
      server.setReply({ kind: 'text', chunks: ['Done!'] });
      const decided = await decide(card!.approvalId, 'approve', 'en', llmConfig, llm());
      expect(decided).toMatchObject({ status: 'decided', card: { status: 'refused' } });
      if (decided.status === 'decided') expect(textOf(decided.message)).toBe(CANCEL_MESSAGES.en);
      expect(cancels()).toHaveLength(1);
    });

    it('the verifier stops a cancellation the customer did not ask for', async () => {
      model({ name: 'cancel_order', args: { orderId: 'A-1' } }, 'NO');
      const [card] = cardsOf(await chat('What are my invoices?', { config: llmConfig }));
      expect(card?.status).toBe('pending');
      const decided = await decide(card!.approvalId, 'approve', 'en', llmConfig, llm());
      expect(decided).toMatchObject({ status: 'decided', card: { status: 'refused' } });
      expect(api.requests).toEqual([]);
    });
  });
});
