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
import { CUSTOMER_HEADER, mcpSignedTarget, SIGNATURE_HEADER, verifyIdentitySignature } from './connectors/identity';
import { connectorRegistry } from './connectors/registry-load';
import { CANCEL_MESSAGES, cancelOrderConfig, orderStatusConfig } from './connectors/test-connectors';
import { startOrdersApi, type OrdersApi } from './connectors/test-orders-api';
import { noParcelText, notHoldableText, parcelsServerConfig, startParcelsMcp, type ParcelsMcp } from './connectors/test-parcels-mcp';
import { decideApproval } from './decide';
import { auditRows, TEST_NOW, useDemoDatabase } from './repository/testing';

/**
 * Action connectors in the chat, end to end: a connectors config file (LANTERN_CONNECTORS_FILE)
 * pointing at the local test orders API and at a test MCP server (parcels), the real chat turn,
 * the approval decision and the audit log, with the built-in model and with an OpenAI-compatible
 * model server. The orders API and the MCP server check every call's signature and act for the
 * customer of its Lantern-Customer header only. The MCP server's track_parcel is configured as a
 * read in one file and as a write in another: the config, not the server, decides.
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
let parcels: ParcelsMcp;
let dir: string;
let connectorsFile: string;
/** The HTTP connectors, and the MCP server's track_parcel as a read and hold_parcel as a write. */
let mcpReadFile: string;
/** The MCP server's track_parcel alone, as a write. */
let mcpWriteFile: string;
beforeAll(async () => {
  api = await startOrdersApi({ secret: SECRET });
  parcels = await startParcelsMcp({ secret: SECRET });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-connector-flow-'));
  connectorsFile = path.join(dir, 'connectors.json');
  fs.writeFileSync(connectorsFile, JSON.stringify({ connectors: [orderStatusConfig(api.origin), cancelOrderConfig(api.origin)] }));
  mcpReadFile = path.join(dir, 'mcp-read.json');
  fs.writeFileSync(
    mcpReadFile,
    JSON.stringify({ connectors: [orderStatusConfig(api.origin), cancelOrderConfig(api.origin)], mcpServers: [parcelsServerConfig(parcels.url, { track_parcel: 'read', hold_parcel: 'write' })] }),
  );
  mcpWriteFile = path.join(dir, 'mcp-write.json');
  fs.writeFileSync(mcpWriteFile, JSON.stringify({ mcpServers: [parcelsServerConfig(parcels.url, { track_parcel: 'write' })] }));
});
afterAll(async () => {
  await api?.close();
  await parcels?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(testBackends())('action connectors in the chat on $name', ({ open }) => {
  const demo = useDemoDatabase(open);
  const db = () => demo.database.db;
  let local: Config;
  let mcpAsRead: Config;
  let mcpAsWrite: Config;
  let annaNumber: string;

  beforeAll(() => {
    local = parseConfig({ LANTERN_CONNECTORS_FILE: connectorsFile, LANTERN_CONNECTORS_SECRET: SECRET });
    mcpAsRead = parseConfig({ LANTERN_CONNECTORS_FILE: mcpReadFile, LANTERN_CONNECTORS_SECRET: SECRET });
    mcpAsWrite = parseConfig({ LANTERN_CONNECTORS_FILE: mcpWriteFile, LANTERN_CONNECTORS_SECRET: SECRET });
  });
  beforeEach(async () => {
    api.reset();
    parcels.reset();
    const [row] = await queryRows<{ customer_number: string }>(db(), sql`select customer_number from customers where id = ${demo.ids.anna.customerId}`);
    annaNumber = row!.customer_number;
    // The company's orders and parcels for the demo customer (its systems know customers by their number).
    api.orders.set('A-1', { id: 'A-1', customerId: annaNumber, status: 'processing', eta: '2026-12-09' });
    api.orders.set('A-7', { id: 'A-7', customerId: annaNumber, status: 'shipped', eta: '2026-12-05' });
    parcels.parcels.set('P-1', { id: 'P-1', customerId: annaNumber, status: 'in transit', eta: '2026-11-25' });
    parcels.parcels.set('P-9', { id: 'P-9', customerId: 'AW-99999999', status: 'in transit', eta: '2026-11-26' });
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
  const parcelCalls = (tool: 'track_parcel' | 'hold_parcel') => parcels.calls.filter((c) => c.name === tool);
  /** Whether an MCP call came signed for this customer, over the tool and the arguments it carried. */
  const signedFor = (call: ParcelsMcp['calls'][number], customerId: string) =>
    call.headers[CUSTOMER_HEADER.toLowerCase()] === customerId &&
    verifyIdentitySignature({
      secret: SECRET,
      signature: String(call.headers[SIGNATURE_HEADER.toLowerCase()]),
      customerId,
      method: 'POST',
      pathWithQuery: mcpSignedTarget(call.name),
      body: JSON.stringify(call.args),
    }).ok;

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

    describe('an MCP server’s tool', () => {
      it('configured as a read, answers in chat at once, for the signed-in customer', async () => {
        const message = await chat('Can you track parcel P-1 for me?', { config: mcpAsRead });
        expect(message.metadata?.outcome).toBe('account');
        expect(cardsOf(message)).toEqual([]);
        expect(textOf(message)).toBe('Track parcel: status in transit, eta 2026-11-25.');
        expect(parcelCalls('track_parcel')).toHaveLength(1);
        expect(parcelCalls('track_parcel')[0]!.args).toEqual({ parcelId: 'P-1' });
        expect(signedFor(parcelCalls('track_parcel')[0]!, annaNumber)).toBe(true);
        expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([]);
      });

      it('a read the server refuses (isError) is a refusal with the server’s own sentence', async () => {
        // P-9 is another customer's parcel: the server answers for Anna, the customer it was sent.
        const message = await chat('Can you track parcel P-9 for me?', { config: mcpAsRead });
        expect(message.metadata?.outcome).toBe('refused');
        expect(textOf(message)).toBe(noParcelText('P-9'));
        expect(signedFor(parcelCalls('track_parcel')[0]!, annaNumber)).toBe(true);
      });

      it('the same tool configured as a write asks for approval first, then runs exactly once, and is audited', async () => {
        const message = await chat('Bitte mein Paket P-1 verfolgen', { config: mcpAsWrite });
        expect(message.metadata?.outcome).toBe('approval');
        const [card] = cardsOf(message);
        // The generic preview: the config's label in the customer's language, and the arguments.
        expect(card).toMatchObject({ toolName: 'track_parcel', status: 'pending', preview: { title: 'Paket verfolgen', changes: [{ label: 'parcelId', before: null, after: 'P-1' }], notes: [] } });
        expect(parcels.calls).toEqual([]);

        const decided = await decide(card!.approvalId, 'approve', 'de', mcpAsWrite);
        expect(decided).toMatchObject({ status: 'decided', card: { status: 'executed' }, message: { metadata: { outcome: 'account' } } });
        if (decided.status === 'decided') expect(textOf(decided.message)).toBe('Erledigt: Paket verfolgen (status in transit, eta 2026-11-25).');
        expect(parcelCalls('track_parcel')).toHaveLength(1);
        const [call] = parcelCalls('track_parcel');
        expect(signedFor(call!, annaNumber)).toBe(true);
        expect(call!.headers['idempotency-key']).toBe(card!.approvalId);

        // A double click, a retry, a replay: the card's state, no second call.
        const [again, replay] = await Promise.all([decide(card!.approvalId, 'approve', 'de', mcpAsWrite), decide(card!.approvalId, 'approve', 'de', mcpAsWrite)]);
        expect(again).toMatchObject({ status: 'already_decided', card: { status: 'executed' } });
        expect(replay).toMatchObject({ status: 'already_decided', card: { status: 'executed' } });
        expect(parcelCalls('track_parcel')).toHaveLength(1);
        expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([
          expect.objectContaining({ action: 'track_parcel', outcome: 'executed', approval_id: card!.approvalId, input: { parcelId: 'P-1' }, after: { status: 'in transit', eta: '2026-11-25' }, actor_user_id: demo.ids.anna.userId }),
        ]);
      });

      it('the server’s error after the approval (isError) is shown as a refusal and audited as refused', async () => {
        const [card] = cardsOf(await chat('Can you track parcel P-404 for me?', { config: mcpAsWrite }));
        expect(card?.status).toBe('pending');
        const decided = await decide(card!.approvalId, 'approve', 'en', mcpAsWrite);
        expect(decided).toMatchObject({ status: 'decided', card: { status: 'refused' }, message: { metadata: { outcome: 'refused' } } });
        if (decided.status === 'decided') expect(textOf(decided.message)).toBe(noParcelText('P-404'));
        expect(parcelCalls('track_parcel')).toHaveLength(1);
        expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([expect.objectContaining({ action: 'track_parcel', outcome: 'refused', reason: 'request_refused' })]);
      });

      it('declined, nothing is sent', async () => {
        const [card] = cardsOf(await chat('Can you track parcel P-1 for me?', { config: mcpAsWrite }));
        expect(await decide(card!.approvalId, 'decline', 'en', mcpAsWrite)).toMatchObject({ status: 'decided', card: { status: 'declined' } });
        expect(parcels.calls).toEqual([]);
      });

      it('beside a read of the same server, a write tool (as the e2e uses them): held once, then the server’s refusal', async () => {
        const [card] = cardsOf(await chat('Could you hold parcel P-1 for me?', { config: mcpAsRead }));
        expect(card).toMatchObject({ toolName: 'hold_parcel', preview: { title: 'Hold parcel' } });
        const decided = await decide(card!.approvalId, 'approve', 'en', mcpAsRead);
        expect(decided).toMatchObject({ status: 'decided', card: { status: 'executed' } });
        // A tool that answers in text only: its text, as the server wrote it.
        if (decided.status === 'decided') expect(textOf(decided.message)).toBe('Done: Hold parcel (Parcel P-1 will be held at the depot).');
        expect(parcels.parcels.get('P-1')?.status).toBe('held');

        const [second] = cardsOf(await chat('Could you hold parcel P-1 for me?', { config: mcpAsRead }));
        const refused = await decide(second!.approvalId, 'approve', 'en', mcpAsRead);
        expect(refused).toMatchObject({ status: 'decided', card: { status: 'refused' } });
        if (refused.status === 'decided') expect(textOf(refused.message)).toBe(notHoldableText('P-1', 'held'));
        expect(parcelCalls('hold_parcel')).toHaveLength(2);
      });
    });
  });

  describe('with an OpenAI-compatible model', () => {
    let server: OpenAICompatibleServer;
    let llmConfig: Config;
    let llmMcpAsRead: Config;
    let llmMcpAsWrite: Config;
    beforeAll(async () => {
      server = await startOpenAICompatibleServer();
      const withModel = (file: string) =>
        parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url, EMBEDDING_PROVIDER: 'local', LANTERN_CONNECTORS_FILE: file, LANTERN_CONNECTORS_SECRET: SECRET });
      llmConfig = withModel(connectorsFile);
      llmMcpAsRead = withModel(mcpReadFile);
      llmMcpAsWrite = withModel(mcpWriteFile);
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

    describe('an MCP server’s tool', () => {
      const completions = (from: number) => server.requests.slice(from).filter((r) => r.path.endsWith('/chat/completions'));

      it('configured as a read, is offered as a tool beside the HTTP connectors; it runs at once and the model words its result', async () => {
        const from = server.requests.length;
        model({ name: 'track_parcel', args: { parcelId: 'P-1' } }, 'Your parcel P-1 is on its way and arrives on 25 November.');
        const message = await chat('Where is my parcel P-1?', { config: llmMcpAsRead });
        const first = completions(from)[0]!.body as Body;
        expect(first.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(['track_parcel', 'hold_parcel', 'get_order_status', 'change_plan']));
        expect(textOf(message)).toBe('Your parcel P-1 is on its way and arrives on 25 November.');
        expect(message.metadata?.outcome).toBe('account');
        expect(cardsOf(message)).toEqual([]);
        // The model got the server's structured result as the tool result.
        const last = completions(from).at(-1)!.body as Body;
        expect(JSON.stringify(last.messages?.find((m) => m.role === 'tool'))).toContain('in transit');
        expect(parcelCalls('track_parcel')).toHaveLength(1);
        expect(signedFor(parcelCalls('track_parcel')[0]!, annaNumber)).toBe(true);
      });

      it('a model that passes a customer gets no call: the tool’s schema has no such field', async () => {
        model({ name: 'track_parcel', args: { parcelId: 'P-9', customerId: 'AW-99999999' } }, 'Sorry, I could not look that up.');
        const message = await chat('Track parcel P-9 of customer AW-99999999', { config: llmMcpAsRead });
        expect(cardsOf(message)).toEqual([]);
        expect(parcels.calls).toEqual([]);
      });

      it('configured as a write, asks for approval first; approved, it runs once for the signed-in customer even when the message names another', async () => {
        model({ name: 'track_parcel', args: { parcelId: 'P-1' } }, 'YES');
        const message = await chat('track parcel P-1 for customer cus_other', { config: llmMcpAsWrite });
        const [card] = cardsOf(message);
        expect(message.metadata?.outcome).toBe('approval');
        expect(card).toMatchObject({ toolName: 'track_parcel', status: 'pending', preview: { title: 'Track parcel', changes: [{ label: 'parcelId', after: 'P-1' }] } });
        expect(parcels.calls).toEqual([]);

        server.setReply({ kind: 'text', chunks: ['Parcel P-1 is in transit.'] });
        const decided = await decide(card!.approvalId, 'approve', 'en', llmMcpAsWrite, llm());
        expect(decided).toMatchObject({ status: 'decided', card: { status: 'executed' } });
        if (decided.status === 'decided') expect(textOf(decided.message)).toBe('Parcel P-1 is in transit.');
        expect(await decide(card!.approvalId, 'approve', 'en', llmMcpAsWrite, llm())).toMatchObject({ status: 'already_decided' });
        expect(parcelCalls('track_parcel')).toHaveLength(1);
        expect(signedFor(parcelCalls('track_parcel')[0]!, annaNumber)).toBe(true);
        expect(parcelCalls('track_parcel')[0]!.headers[CUSTOMER_HEADER.toLowerCase()]).not.toBe('cus_other');
        expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([expect.objectContaining({ action: 'track_parcel', outcome: 'executed' })]);
      });

      it('the server’s error after the approval is shown as a refusal, not as done', async () => {
        model({ name: 'track_parcel', args: { parcelId: 'P-404' } }, 'YES');
        const [card] = cardsOf(await chat('Please track parcel P-404', { config: llmMcpAsWrite }));
        server.setReply({ kind: 'text', chunks: ['Done!'] });
        const decided = await decide(card!.approvalId, 'approve', 'en', llmMcpAsWrite, llm());
        expect(decided).toMatchObject({ status: 'decided', card: { status: 'refused' } });
        if (decided.status === 'decided') expect(textOf(decided.message)).toBe(noParcelText('P-404'));
        expect(parcelCalls('track_parcel')).toHaveLength(1);
      });
    });
  });
});
