import { READ_TOOL_NAMES, WRITE_TOOL_NAMES } from '@/lib/domain/account-tools';
import type { Locale } from '@/lib/i18n/locales';
import type { Connector } from './connector';
import { envReferences, type HttpConnector } from './definition';
import { executeHttpConnector, type ConnectorResult, type ExecuteContext, type Fetch } from './execute';
import { callMcpTool } from './mcp';

/**
 * The one registry of a running Lantern's action connectors: those of the connectors config file
 * (LANTERN_CONNECTORS_FILE: HTTP connectors and the tools of its MCP servers) and those defined in
 * code (code-connectors.ts), checked together. The chat's tools, the built-in model's recogniser
 * and the approval flow all look connectors up here, so a connector is either offered everywhere
 * or nowhere.
 */

/** Tool names the chat already uses: a connector may not shadow one. */
const RESERVED_TOOL_NAMES = new Set<string>([...READ_TOOL_NAMES, ...WRITE_TOOL_NAMES, 'search_help_center', 'request_handoff']);

/**
 * Who a call is for and how. `customerId` is the signed-in customer's (the customer number the
 * company knows), from the session or the approval row: never from a model's arguments.
 */
export type ConnectorCallOptions = { customerId: string; lang: Locale; signal?: AbortSignal; idempotencyKey?: string };

export type ConnectorRegistry = {
  readonly connectors: readonly Connector[];
  get(name: string): Connector | undefined;
  /** How to call an HTTP connector for one customer. */
  context(connector: HttpConnector, options: ConnectorCallOptions): ExecuteContext;
  /** Sends one call of a connector of either kind, signed for the customer; never throws for what the remote system does. */
  execute(connector: Connector, input: unknown, options: ConnectorCallOptions): Promise<ConnectorResult>;
};

export class ConnectorRegistryError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'ConnectorRegistryError';
  }
}

export function createConnectorRegistry({
  connectors,
  secret,
  env = {},
  fetch,
}: {
  connectors: readonly Connector[];
  /** Signs every request (identity.ts); required as soon as there is a connector. */
  secret: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
  /** Tests only: another fetch (HTTP connectors). */
  fetch?: Fetch;
}): ConnectorRegistry {
  const problems: string[] = [];
  const byName = new Map<string, Connector>();
  for (const connector of connectors) {
    if (RESERVED_TOOL_NAMES.has(connector.name)) problems.push(`connector ${connector.name}: the name is a built-in tool's`);
    else if (byName.has(connector.name)) problems.push(`connector ${connector.name}: the name is used twice (file, MCP servers and code together)`);
    byName.set(connector.name, connector);
    // A missing secret header would only show as a refusal on the first customer's request: say it at start.
    // (An MCP server's headers are resolved when its tools are discovered: registry-load.ts.)
    if (connector.kind !== 'http') continue;
    for (const value of Object.values(connector.http.headers)) {
      for (const variable of envReferences(value)) if (!env[variable]) problems.push(`connector ${connector.name}: environment variable ${variable} is not set`);
    }
  }
  if (connectors.length > 0 && !secret) problems.push('connectors need a signing secret (LANTERN_CONNECTORS_SECRET)');
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
    connectors: [...connectors],
    get: (name) => byName.get(name),
    context,
    execute: (connector, input, options) =>
      connector.kind === 'http'
        ? executeHttpConnector(connector, input, context(connector, options))
        : callMcpTool(connector.tool, input, { ...options, secret: secret ?? '' }),
  };
}

/** No connectors: what tests and a Lantern without LANTERN_CONNECTORS_FILE run with. */
export const NO_CONNECTORS: ConnectorRegistry = createConnectorRegistry({ connectors: [], secret: undefined });
