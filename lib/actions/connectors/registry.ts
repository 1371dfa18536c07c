import { READ_TOOL_NAMES, WRITE_TOOL_NAMES } from '@/lib/domain/account-tools';
import type { Locale } from '@/lib/i18n/locales';
import { envReferences, type HttpConnector } from './definition';
import type { ExecuteContext, Fetch } from './execute';

/**
 * The one registry of a running Lantern's action connectors: those of the connectors config file
 * (LANTERN_CONNECTORS_FILE) and those defined in code (code-connectors.ts), checked together.
 * The chat's tools, the built-in model's recogniser and the approval flow all look connectors up
 * here, so a connector is either offered everywhere or nowhere.
 */

/** Tool names the chat already uses: a connector may not shadow one. */
const RESERVED_TOOL_NAMES = new Set<string>([...READ_TOOL_NAMES, ...WRITE_TOOL_NAMES, 'search_help_center', 'request_handoff']);

export type ConnectorRegistry = {
  readonly connectors: readonly HttpConnector[];
  get(name: string): HttpConnector | undefined;
  /**
   * How to call a connector for one customer. `customerId` is the signed-in customer's (the
   * customer number the company knows), from the session or the approval row: never from a
   * model's arguments.
   */
  context(connector: HttpConnector, options: { customerId: string; lang: Locale; signal?: AbortSignal; idempotencyKey?: string }): ExecuteContext;
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
  connectors: readonly HttpConnector[];
  /** Signs every request (identity.ts); required as soon as there is a connector. */
  secret: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
  /** Tests only: another fetch. */
  fetch?: Fetch;
}): ConnectorRegistry {
  const problems: string[] = [];
  const byName = new Map<string, HttpConnector>();
  for (const connector of connectors) {
    if (RESERVED_TOOL_NAMES.has(connector.name)) problems.push(`connector ${connector.name}: the name is a built-in tool's`);
    else if (byName.has(connector.name)) problems.push(`connector ${connector.name}: the name is used twice (file and code together)`);
    byName.set(connector.name, connector);
    // A missing secret header would only show as a refusal on the first customer's request: say it at start.
    for (const value of Object.values(connector.http.headers)) {
      for (const variable of envReferences(value)) if (!env[variable]) problems.push(`connector ${connector.name}: environment variable ${variable} is not set`);
    }
  }
  if (connectors.length > 0 && !secret) problems.push('connectors need a signing secret (LANTERN_CONNECTORS_SECRET)');
  if (problems.length > 0) throw new ConnectorRegistryError([...new Set(problems)]);

  return {
    connectors: [...connectors],
    get: (name) => byName.get(name),
    context: (connector, { customerId, lang, signal, idempotencyKey }) => ({
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
    }),
  };
}

/** No connectors: what tests and a Lantern without LANTERN_CONNECTORS_FILE run with. */
export const NO_CONNECTORS: ConnectorRegistry = createConnectorRegistry({ connectors: [], secret: undefined });
