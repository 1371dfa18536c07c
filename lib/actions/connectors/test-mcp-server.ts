import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small MCP server for tests: JSON-RPC over streamable HTTP (POST answered with JSON; GET has no
 * event stream: 405), exposing the tools it is given. It records every tool call with the
 * headers it came with, so a test can check who Lantern said the customer was, and the method of
 * every JSON-RPC message, so a test can count how often Lantern asked for the tools.
 */

export type TestMcpTool = {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The tool's answer: its text, or an error the server reports (isError). `headers` are the call's (who it is for). */
  call: (args: Record<string, unknown>, headers: http.IncomingHttpHeaders) => { text: string; structured?: Record<string, unknown>; isError?: boolean };
};

export type TestMcpServer = {
  url: string;
  calls: { name: string; args: Record<string, unknown>; headers: http.IncomingHttpHeaders }[];
  /** Every JSON-RPC message's method, in order ("initialize", "tools/list", …). */
  methods: string[];
  close: () => Promise<void>;
};

type JsonRpc = { jsonrpc: '2.0'; id?: number | string; method: string; params?: Record<string, unknown> };

export async function startTestMcpServer({ tools }: { tools: TestMcpTool[] }): Promise<TestMcpServer> {
  const calls: TestMcpServer['calls'] = [];
  const methods: string[] = [];
  const answer = (message: JsonRpc, headers: http.IncomingHttpHeaders): unknown => {
    switch (message.method) {
      case 'initialize':
        return { protocolVersion: message.params?.protocolVersion ?? '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'test-mcp', version: '1.0.0' } };
      case 'ping':
        return {};
      case 'tools/list':
        return { tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) };
      case 'tools/call': {
        const name = String(message.params?.name ?? '');
        const args = (message.params?.arguments ?? {}) as Record<string, unknown>;
        const tool = tools.find((t) => t.name === name);
        if (!tool) throw Object.assign(new Error(`unknown tool ${name}`), { code: -32602 });
        calls.push({ name, args, headers });
        const result = tool.call(args, headers);
        return { content: [{ type: 'text', text: result.text }], ...(result.structured ? { structuredContent: result.structured } : {}), ...(result.isError ? { isError: true } : {}) };
      }
      default:
        throw Object.assign(new Error(`method not found: ${message.method}`), { code: -32601 });
    }
  };

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      let message: JsonRpc;
      try {
        message = JSON.parse(Buffer.concat(body).toString('utf8')) as JsonRpc;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }));
        return;
      }
      methods.push(String(message.method));
      // A notification (no id) gets no answer.
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      let payload: unknown;
      try {
        payload = { jsonrpc: '2.0', id: message.id, result: answer(message, req.headers) };
      } catch (error) {
        const e = error as Error & { code?: number };
        payload = { jsonrpc: '2.0', id: message.id, error: { code: e.code ?? -32603, message: e.message } };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    methods,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
