import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';
import { connectorNameSchema, envReferences, type ConnectorRisk, type Localized } from './definition';
import { connectorRefusal, type ConnectorResult } from './execute';
import { CUSTOMER_HEADER, identityHeaders, isCustomerIdLike, isSignableCustomerId, mcpSignedTarget, SIGNATURE_HEADER } from './identity';
import { JsonSchemaError, jsonSchemaToZod } from './json-schema';

/**
 * # MCP connectors: the tools of a company's MCP server as account actions
 *
 * A company that already runs an MCP server for its systems names it here with the tools the chat
 * may use, and for each its risk: `read` tools answer directly, `write` tools need the customer's
 * approval first (like every write). Only the tools named are exposed: a server that adds a tool
 * later does not hand it to the chat unasked.
 *
 * Who the customer is travels as for HTTP connectors: the signed `Lantern-Customer` header
 * (identity.ts), signed over the tool's name and its arguments (method `POST`, target
 * `mcp:tools/call/<tool>`, body the arguments as JSON), never as a model argument: a tool whose
 * arguments name the customer ("customerId", …) is refused when the tools are discovered. Each call
 * opens its own session with that customer's headers and closes it. An approved write's call also
 * carries `Idempotency-Key: <approval id>`, so the server can drop a repeat.
 *
 * ```json
 * { "name": "orders", "url": "https://mcp.example.com/mcp",
 *   "tools": { "order_status": { "risk": "read" }, "cancel_order": { "risk": "write",
 *     "labels": { "en": "Cancel order", "de": "Bestellung stornieren", "fr": "Annuler la commande", "it": "Annullare l'ordine" },
 *     "keyArguments": ["orderId"] } } }
 * ```
 */

const label = z.string().trim().min(1).max(80);

export const mcpServerConfigSchema = z
  .object({
    name: connectorNameSchema,
    url: z.url({ protocol: /^https?$/, message: 'an http(s) address of the MCP endpoint' }),
    /** Fixed headers (an API key, "Bearer ${ENV:NAME}"); the identity headers are Lantern's own and cannot be set here. */
    headers: z
      .record(z.string().regex(/^[\w-]{1,64}$/, 'a header name'), z.string().max(4000))
      .refine((h) => !Object.keys(h).some((k) => [CUSTOMER_HEADER, SIGNATURE_HEADER].map((x) => x.toLowerCase()).includes(k.toLowerCase())), 'the identity headers are added by Lantern')
      .default({}),
    tools: z.record(
      connectorNameSchema,
      z
        .object({
          risk: z.enum(['read', 'write']),
          labels: z.object({ en: label, de: label, fr: label, it: label }).strict().optional(),
          /** A write's arguments the verifier compares with the customer's words (default: its required ones). */
          keyArguments: z.array(z.string().min(1).max(64)).max(50).optional(),
        })
        .strict()
        .refine((tool) => tool.risk === 'write' || tool.keyArguments === undefined, { message: 'a read has no keyArguments (nothing is verified before it runs)', path: ['keyArguments'] }),
    ),
    timeoutMs: z.number().int().min(100).max(60_000).default(8_000),
  })
  .strict();
export type McpServerConfig = z.infer<typeof mcpServerConfigSchema>;

/** One tool of an MCP server, as the chat's registry uses it. */
export type McpTool = {
  server: McpServerConfig;
  name: string;
  description: string;
  /** The arguments, checked before the call (from the tool's JSON schema). */
  input: z.ZodObject;
  risk: ConnectorRisk;
  labels?: Localized;
  keyArguments?: readonly string[];
};

export type McpIdentity = { customerId: string; secret: string };

const ENV_REFERENCE = /\$\{ENV:([A-Za-z_]\w*)\}/g;

/**
 * The server's headers with their "${ENV:NAME}" references read from `env` (an API key kept out of
 * the config file). A variable that is not set is a problem named now, not a failure on a
 * customer's first call.
 */
export function resolveMcpHeaders(server: McpServerConfig, env: Readonly<Record<string, string | undefined>>): { server: McpServerConfig; problems: string[] } {
  const problems: string[] = [];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(server.headers)) {
    for (const variable of envReferences(value)) if (!env[variable]) problems.push(`${server.name}: header ${name}: environment variable ${variable} is not set`);
    if (/[\r\n\0]/.test(value)) problems.push(`${server.name}: header ${name}: the value has a line break`);
    headers[name] = value.replace(ENV_REFERENCE, (_, variable: string) => env[variable] ?? '');
  }
  return { server: { ...server, headers }, problems };
}


async function open(server: McpServerConfig, headers: Record<string, string>): Promise<MCPClient> {
  return createMCPClient({ transport: { type: 'http', url: server.url, headers: { ...server.headers, ...headers } } });
}

/** `work` under a deadline, and stopped by `outer` (the caller's abort) as well. */
async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${ms} ms`)), ms);
  const signal = outer ? AbortSignal.any([controller.signal, outer]) : controller.signal;
  try {
    if (signal.aborted) throw signal.reason;
    return await Promise.race([
      work(signal),
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The configured tools the server offers, with their argument schemas. A configured tool the
 * server does not have, or whose schema Lantern cannot check, is left out and named in `problems`.
 */
export async function discoverMcpTools(server: McpServerConfig): Promise<{ tools: McpTool[]; problems: string[] }> {
  const client = await withTimeout(server.timeoutMs, () => open(server, {}));
  try {
    const listed = await withTimeout(server.timeoutMs, () => client.listTools());
    const problems: string[] = [];
    const tools: McpTool[] = [];
    for (const [name, settings] of Object.entries(server.tools)) {
      const offered = listed.tools.find((t) => t.name === name);
      if (!offered) {
        problems.push(`${server.name}: the server has no tool "${name}"`);
        continue;
      }
      // SDK-built servers add "$schema" to every schema; it says which draft, not what is allowed.
      const schema: Record<string, unknown> = { ...(offered.inputSchema ?? {}) };
      delete schema.$schema;
      const customer = Object.keys((schema.properties ?? {}) as Record<string, unknown>).filter(isCustomerIdLike);
      if (customer.length > 0) {
        problems.push(`${server.name}: the arguments of "${name}" name the customer (${customer.join(', ')}): Lantern sends the signed-in customer itself (${CUSTOMER_HEADER} header); the model may never pass one`);
        continue;
      }
      const unknownKeys = (settings.keyArguments ?? []).filter((key) => !Object.hasOwn((schema.properties ?? {}) as Record<string, unknown>, key));
      if (unknownKeys.length > 0) {
        problems.push(`${server.name}: keyArguments of "${name}" names ${unknownKeys.join(', ')}, not among its arguments`);
        continue;
      }
      try {
        tools.push({
          server,
          name,
          description: offered.description ?? name,
          input: jsonSchemaToZod(schema),
          risk: settings.risk,
          ...(settings.labels ? { labels: settings.labels } : {}),
          ...(settings.keyArguments ? { keyArguments: settings.keyArguments } : {}),
        });
      } catch (error) {
        if (!(error instanceof JsonSchemaError)) throw error;
        problems.push(`${server.name}: the arguments of "${name}" cannot be checked (${error.message})`);
      }
    }
    return { tools, problems };
  } finally {
    await client.close();
  }
}

function isTextPart(part: unknown): part is { type: 'text'; text: string } {
  return typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string';
}

export type McpCallContext = McpIdentity & {
  lang?: Locale;
  now?: Date;
  /** The caller's abort (the chat's request); the server's timeout applies as well. */
  signal?: AbortSignal;
  /** For an approved write: sent as Idempotency-Key (the approval id), so the server can drop a repeat. */
  idempotencyKey?: string;
};

/**
 * Calls one tool for the signed-in customer: the arguments checked first, the customer's identity
 * signed into the request's headers, never retried (a write must not run twice). The server's own
 * error (isError) is a refusal with its text; no answer in time, or none at all, is `unavailable`.
 */
export async function callMcpTool(tool: McpTool, input: unknown, ctx: McpCallContext): Promise<ConnectorResult> {
  const lang = ctx.lang ?? 'en';
  const parsed = tool.input.safeParse(input);
  if (!parsed.success) return connectorRefusal('invalid_input', lang);
  if (!isSignableCustomerId(ctx.customerId)) return connectorRefusal('not_a_customer', lang);
  if (!ctx.secret) return connectorRefusal('unavailable', lang);
  const args = parsed.data as Record<string, unknown>;
  const headers = {
    ...identityHeaders(ctx.secret, { customerId: ctx.customerId, method: 'POST', pathWithQuery: mcpSignedTarget(tool.name), body: JSON.stringify(args) }, ctx.now),
    ...(ctx.idempotencyKey ? { 'Idempotency-Key': ctx.idempotencyKey } : {}),
  };
  let client: MCPClient | undefined;
  try {
    const result = await withTimeout(
      tool.server.timeoutMs,
      async (signal) => {
        client = await open(tool.server, headers);
        return client.callTool({ name: tool.name, arguments: args, options: { signal } });
      },
      ctx.signal,
    );
    const parts: unknown[] = Array.isArray(result.content) ? result.content : [];
    const text = parts
      .flatMap((part) => (isTextPart(part) ? [part.text] : []))
      .join('\n')
      .slice(0, 4000);
    if (result.isError) return { ok: false, reason: 'request_refused', message: text || connectorRefusal('request_refused', lang).message };
    const structured = result.structuredContent && typeof result.structuredContent === 'object' ? (result.structuredContent as Record<string, unknown>) : null;
    return { ok: true, value: structured ?? { text } };
  } catch {
    return connectorRefusal('unavailable', lang);
  } finally {
    await client?.close().catch(() => {});
  }
}
