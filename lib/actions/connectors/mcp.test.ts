import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_HEADER, mcpSignedTarget, SIGNATURE_HEADER, verifyIdentitySignature } from './identity';
import { callMcpTool, discoverMcpTools, mcpServerConfigSchema, resolveMcpHeaders, type McpServerConfig } from './mcp';
import { startTestMcpServer, type TestMcpServer } from './test-mcp-server';
import { mcpConnector } from './connector';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const orderId = { type: 'object', properties: { orderId: { type: 'string', pattern: '^[A-Z0-9-]{1,20}$' } }, required: ['orderId'] };

describe('MCP connectors', () => {
  let server: TestMcpServer;
  let config: McpServerConfig;

  beforeAll(async () => {
    server = await startTestMcpServer({
      tools: [
        { name: 'order_status', description: 'Status of one order.', inputSchema: orderId, call: ({ orderId }) => ({ text: `Order ${String(orderId)} is shipped.`, structured: { status: 'shipped' } }) },
        {
          name: 'cancel_order',
          description: 'Cancels one order.',
          inputSchema: orderId,
          call: ({ orderId }) => (orderId === 'A-2' ? { text: 'This order has shipped and cannot be cancelled.', isError: true } : { text: 'Cancelled.' }),
        },
        { name: 'delete_account', description: 'Not for the chat.', inputSchema: { type: 'object', properties: {} }, call: () => ({ text: 'gone' }) },
        // As the MCP SDKs write a schema (zod-to-json-schema): "$schema" and additionalProperties.
        {
          name: 'loyalty_points',
          description: 'Points balance.',
          inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { card: { type: 'string', maxLength: 12 } }, required: ['card'], additionalProperties: false },
          call: () => ({ text: '120 points.' }),
        },
        { name: 'order_for', description: 'Any customer’s order.', inputSchema: { type: 'object', properties: { customer_id: { type: 'string' }, orderId: { type: 'string' } } }, call: () => ({ text: 'x' }) },
      ],
    });
    config = mcpServerConfigSchema.parse({ name: 'orders', url: server.url, tools: { order_status: { risk: 'read' }, cancel_order: { risk: 'write' }, refund: { risk: 'write' } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('exposes only the tools the config names, each with its risk; a configured tool the server lacks is a named problem', async () => {
    const { tools, problems } = await discoverMcpTools(config);
    expect(tools.map((t) => [t.name, t.risk])).toEqual([
      ['order_status', 'read'],
      ['cancel_order', 'write'],
    ]);
    expect(problems).toEqual(['orders: the server has no tool "refund"']);
    expect(tools[0]!.input.safeParse({ orderId: 'A-1' }).success).toBe(true);
    expect(tools[0]!.input.safeParse({ orderId: 'a b' }).success).toBe(false);
  });

  it("gives a write's key arguments to the verifier: its required arguments, or those the config names (which must be its own)", async () => {
    const { tools } = await discoverMcpTools(config);
    expect(tools.map((t) => [t.name, mcpConnector(t).keyArguments])).toEqual([
      ['order_status', []],
      ['cancel_order', ['orderId']],
    ]);
    const named = await discoverMcpTools({ ...config, tools: { loyalty_points: { risk: 'write', keyArguments: [] }, cancel_order: { risk: 'write', keyArguments: ['orderNo'] } } });
    expect(named.tools.map((t) => [t.name, mcpConnector(t).keyArguments])).toEqual([['loyalty_points', []]]);
    expect(named.problems).toEqual(['orders: keyArguments of "cancel_order" names orderNo, not among its arguments']);
    expect(mcpServerConfigSchema.safeParse({ name: 'x', url: server.url, tools: { order_status: { risk: 'read', keyArguments: ['orderId'] } } }).success).toBe(false);
  });

  it('calls a tool for the signed-in customer: their id signed in the headers, over the tool and its arguments', async () => {
    const { tools } = await discoverMcpTools(config);
    const result = await callMcpTool(tools[0]!, { orderId: 'A-1' }, { customerId: 'cus_1', secret: SECRET });
    expect(result).toEqual({ ok: true, value: { status: 'shipped' } });
    const call = server.calls.at(-1)!;
    expect(call.headers[CUSTOMER_HEADER.toLowerCase()]).toBe('cus_1');
    const signature = String(call.headers[SIGNATURE_HEADER.toLowerCase()]);
    const check = verifyIdentitySignature({ secret: SECRET, signature, customerId: 'cus_1', method: 'POST', pathWithQuery: mcpSignedTarget('order_status'), body: JSON.stringify(call.args) });
    expect(check.ok).toBe(true);
    // Signed for this customer only: another id does not verify.
    expect(verifyIdentitySignature({ secret: SECRET, signature, customerId: 'cus_2', method: 'POST', pathWithQuery: mcpSignedTarget('order_status'), body: JSON.stringify(call.args) }).ok).toBe(false);
  });

  it('refuses bad arguments before calling, shows the server’s own refusal, and says "unavailable" when the server is gone', async () => {
    const { tools } = await discoverMcpTools(config);
    const before = server.calls.length;
    expect(await callMcpTool(tools[1]!, { orderId: 'not valid!' }, { customerId: 'cus_1', secret: SECRET })).toMatchObject({ ok: false, reason: 'invalid_input' });
    expect(server.calls.length).toBe(before);
    expect(await callMcpTool(tools[1]!, { orderId: 'A-2' }, { customerId: 'cus_1', secret: SECRET })).toEqual({
      ok: false,
      reason: 'request_refused',
      message: 'This order has shipped and cannot be cancelled.',
    });
    expect(server.calls.filter((c) => c.name === 'cancel_order')).toHaveLength(1);
    const gone = { ...tools[0]!, server: { ...config, url: 'http://127.0.0.1:1/mcp', timeoutMs: 2000 } };
    expect(await callMcpTool(gone, { orderId: 'A-1' }, { customerId: 'cus_1', secret: SECRET, lang: 'de' })).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('reads a schema written by an MCP SDK, and refuses a tool whose arguments name the customer', async () => {
    const { tools, problems } = await discoverMcpTools({ ...config, tools: { loyalty_points: { risk: 'read' }, order_for: { risk: 'read' } } });
    expect(tools.map((t) => t.name)).toEqual(['loyalty_points']);
    expect(tools[0]!.input.safeParse({ card: 'C-1' }).success).toBe(true);
    expect(tools[0]!.input.safeParse({ card: 'C-1', customerId: 'cus_2' }).success).toBe(false);
    expect(problems).toEqual([expect.stringMatching(/^orders: the arguments of "order_for" name the customer \(customer_id\)/)]);
  });

  it('sends an approved write’s Idempotency-Key; calls nothing for an unsignable customer or without a secret; stops at the caller’s abort', async () => {
    const { tools } = await discoverMcpTools(config);
    const cancel = tools.find((t) => t.name === 'cancel_order')!;
    expect(await callMcpTool(cancel, { orderId: 'A-3' }, { customerId: 'cus_1', secret: SECRET, idempotencyKey: 'approval-1' })).toEqual({ ok: true, value: { text: 'Cancelled.' } });
    expect(server.calls.at(-1)!.headers['idempotency-key']).toBe('approval-1');
    const before = server.calls.length;
    expect(await callMcpTool(cancel, { orderId: 'A-3' }, { customerId: 'cus 1', secret: SECRET })).toMatchObject({ ok: false, reason: 'not_a_customer' });
    expect(await callMcpTool(cancel, { orderId: 'A-3' }, { customerId: 'cus_1', secret: '' })).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(await callMcpTool(cancel, { orderId: 'A-3' }, { customerId: 'cus_1', secret: SECRET, signal: AbortSignal.abort() })).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(server.calls.length).toBe(before);
  });

  it('reads ${ENV:NAME} in a server’s headers from the environment; a variable that is not set is a named problem', () => {
    const withKey = { ...config, headers: { Authorization: 'Bearer ${ENV:MCP_TOKEN}' } };
    expect(resolveMcpHeaders(withKey, { MCP_TOKEN: 't0k' })).toEqual({ server: { ...withKey, headers: { Authorization: 'Bearer t0k' } }, problems: [] });
    expect(resolveMcpHeaders(withKey, {}).problems).toEqual(['orders: header Authorization: environment variable MCP_TOKEN is not set']);
  });

  it('refuses a config that sets the identity headers itself or names no endpoint', () => {
    expect(mcpServerConfigSchema.safeParse({ name: 'x', url: server.url, headers: { [CUSTOMER_HEADER]: 'cus_9' }, tools: {} }).success).toBe(false);
    expect(mcpServerConfigSchema.safeParse({ name: 'x', url: 'ftp://example.com', tools: {} }).success).toBe(false);
  });
});
