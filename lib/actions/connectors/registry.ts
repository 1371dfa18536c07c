import { BUILTIN_CONNECTORS } from '@/lib/actions/builtin';
import type { Locale } from '@/lib/i18n/locales';
import type { BuiltinConnector } from './builtin';
import type { Connector, ExternalConnector } from './connector';
import { envReferences, type HttpConnector } from './definition';
import { executeHttpConnector, type ConnectorResult, type ExecuteContext, type Fetch } from './execute';
import { callMcpTool } from './mcp';

/**
 * The one registry of a running Lantern's action connectors: the built-in ones (the demo
 * customer system, lib/actions/builtin), those of the connectors config file
 * (LANTERN_CONNECTORS_FILE: HTTP connectors and the tools of its MCP servers) and those defined in
 * code (code-connectors.ts), checked together. The chat's tools, the built-in model's recogniser
 * and the approval flow all look connectors up here, so a connector is either offered everywhere
 * or nowhere.
 */

/** Tool names the chat uses besides the connectors': a connector may not shadow one. */
const RESERVED_TOOL_NAMES = new Set<string>(['search_help_center', 'request_handoff']);

/**
 * Who a call is for and how. `customerId` is the signed-in customer's (the customer number the
 * company knows), from the session or the approval row: never from a model's arguments.
 */
export type ConnectorCallOptions = { customerId: string; lang: Locale; signal?: AbortSignal; idempotencyKey?: string };

export type ConnectorRegistry = {
  /** Every connector, built-in ones first. */
  readonly connectors: readonly Connector[];
  /** The HTTP and MCP ones only: what the definition-driven recogniser reads and startup reports. */
  readonly external: readonly ExternalConnector[];
  get(name: string): Connector | undefined;
  /** How to call an HTTP connector for one customer. */
  context(connector: HttpConnector, options: ConnectorCallOptions): ExecuteContext;
  /** Sends one call of an HTTP or MCP connector, signed for the customer; never throws for what the remote system does. */
  execute(connector: ExternalConnector, input: unknown, options: ConnectorCallOptions): Promise<ConnectorResult>;
};

export class ConnectorRegistryError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'ConnectorRegistryError';
  }
}

export function createConnectorRegistry({
  connectors: external,
  builtins = BUILTIN_CONNECTORS,
  secret,
  env = {},
  fetch,
}: {
  connectors: readonly ExternalConnector[];
  /** The built-in tools (default: the demo customer system's); tests may pass fewer. */
  builtins?: readonly BuiltinConnector[];
  /** Signs every request (identity.ts); required as soon as there is a connector. */
  secret: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
  /** Tests only: another fetch (HTTP connectors). */
  fetch?: Fetch;
}): ConnectorRegistry {
  const problems: string[] = [];
  const byName = new Map<string, Connector>();
  for (const builtin of builtins) byName.set(builtin.name, builtin);
  for (const connector of external) {
    if (RESERVED_TOOL_NAMES.has(connector.name) || byName.get(connector.name)?.kind === 'builtin') problems.push(`connector ${connector.name}: the name is a built-in tool's`);
    else if (byName.has(connector.name)) problems.push(`connector ${connector.name}: the name is used twice (file, MCP servers and code together)`);
    byName.set(connector.name, connector);
    // A missing secret header would only show as a refusal on the first customer's request: say it at start.
    // (An MCP server's headers are resolved when its tools are discovered: registry-load.ts.)
    if (connector.kind !== 'http') continue;
    for (const value of Object.values(connector.http.headers)) {
      for (const variable of envReferences(value)) if (!env[variable]) problems.push(`connector ${connector.name}: environment variable ${variable} is not set`);
    }
  }
  // Built-in tools run in Lantern's own database: only a request to another system is signed.
  if (external.length > 0 && !secret) problems.push('connectors need a signing secret (LANTERN_CONNECTORS_SECRET)');
  if (problems.length > 0) throw new ConnectorRegistryError([...new Set(problems)]);

  const context = (connector: HttpConnector, { customerId, lang, signal, idempotencyKey }: ConnectorCallOptions): ExecuteContext => ({
    customerId,
    secret: secret ?? '',
    // A definition's origin is fixed text (placeholders sit in the path only), written by
    // the operator who registered it: that is the origin its requests may go to.
    allowedOrigins: [connector.http.url.origin],
    lang,
    env,
    ...(fetch ? { fetch } : {}),
    ...(signal ? { signal } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

  return {
    connectors: [...builtins, ...external],
    external: [...external],
    get: (name) => byName.get(name),
    context,
    execute: (connector, input, options) =>
      connector.kind === 'http'
        ? executeHttpConnector(connector, input, context(connector, options))
        : callMcpTool(connector.tool, input, { ...options, secret: secret ?? '' }),
  };
}

/** The built-in tools only: what tests and a Lantern without LANTERN_CONNECTORS_FILE run with. */
export const NO_CONNECTORS: ConnectorRegistry = createConnectorRegistry({ connectors: [], secret: undefined });
