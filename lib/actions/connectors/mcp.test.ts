import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_HEADER, SIGNATURE_HEADER, verifyIdentitySignature } from './identity';
import { callMcpTool, discoverMcpTools, mcpServerConfigSchema, mcpSignedTarget, type McpServerConfig } from './mcp';
import { startTestMcpServer, type TestMcpServer } from './test-mcp-server';

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

  it('refuses a config that sets the identity headers itself or names no endpoint', () => {
    expect(mcpServerConfigSchema.safeParse({ name: 'x', url: server.url, headers: { [CUSTOMER_HEADER]: 'cus_9' }, tools: {} }).success).toBe(false);
    expect(mcpServerConfigSchema.safeParse({ name: 'x', url: 'ftp://example.com', tools: {} }).success).toBe(false);
  });
});
