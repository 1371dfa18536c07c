import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { ConfigError, type Config } from '@/lib/config';
import { CODE_CONNECTORS } from './code-connectors';
import { parseConnectorsConfig } from './config';
import { mcpConnector, type ExternalConnector } from './connector';
import type { HttpConnector } from './definition';
import { discoverMcpTools, resolveMcpHeaders, type McpServerConfig } from './mcp';
import { ConnectorRegistryError, createConnectorRegistry, NO_CONNECTORS, type ConnectorRegistry } from './registry';

/**
 * The registry a configuration describes: the connectors config file (LANTERN_CONNECTORS_FILE),
 * read and checked once, the tools of the MCP servers it names (asked for their tools once, at
 * load), plus the connectors defined in code. Every problem is a ConfigError that names the file
 * and what is wrong in it (a broken entry, an MCP server that does not answer, a tool the server
 * does not have), so the server stops at start (lib/startup.ts) instead of failing on a
 * customer's first request.
 */
export async function loadConnectorRegistry(config: Config, { code = CODE_CONNECTORS }: { code?: readonly HttpConnector[] } = {}): Promise<ConnectorRegistry> {
  const { file, secret, env } = config.connectors;
  const fail = (problems: string[]) => new ConfigError(`Invalid configuration: LANTERN_CONNECTORS_FILE ${file ?? '(unset)'}: ${problems.join('; ')}`);
  const fromFile = file ? readConnectorsFile(file) : { connectors: [], mcpServers: [] };
  const fromServers = await discoverServers(fromFile.mcpServers, env);
  if (fromServers.problems.length > 0) throw fail(fromServers.problems);
  const connectors: ExternalConnector[] = [...fromFile.connectors, ...fromServers.connectors, ...code];
  if (connectors.length === 0) return NO_CONNECTORS;
  try {
    return createConnectorRegistry({ connectors, secret, env });
  } catch (error) {
    if (!(error instanceof ConnectorRegistryError)) throw error;
    throw fail(error.problems);
  }
}

/** Every server's configured tools, asked for in parallel; one server's problem does not hide another's. */
async function discoverServers(servers: readonly McpServerConfig[], env: Readonly<Record<string, string | undefined>>): Promise<{ connectors: ExternalConnector[]; problems: string[] }> {
  const results = await Promise.all(
    servers.map(async (configured) => {
      const { server, problems } = resolveMcpHeaders(configured, env);
      if (problems.length > 0) return { connectors: [], problems };
      try {
        const discovered = await discoverMcpTools(server);
        return { connectors: discovered.tools.map(mcpConnector), problems: discovered.problems };
      } catch (error) {
        const reason = `${error instanceof Error ? error.message : String(error)}${causeCode(error)}`;
        return { connectors: [], problems: [`${server.name}: the MCP server at ${server.url} cannot be reached (${reason.slice(0, 300)})`] };
      }
    }),
  );
  return { connectors: results.flatMap((r) => r.connectors), problems: results.flatMap((r) => r.problems) };
}

/** "fetch failed" alone does not say why: what caused it does (": ECONNREFUSED", ": bad port"). */
function causeCode(error: unknown): string {
  let because = '';
  for (let cause = (error as { cause?: unknown })?.cause, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return `: ${code}`;
    if (cause instanceof Error && cause.message) because = `: ${cause.message}`;
  }
  return because;
}

function readConnectorsFile(file: string): { connectors: HttpConnector[]; mcpServers: McpServerConfig[] } {
  const fail = (problem: string) => new ConfigError(`Invalid configuration: LANTERN_CONNECTORS_FILE ${file}: ${problem}`);
  let text: string;
  try {
    text = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? 'unknown error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw fail(`is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = parseConnectorsConfig(json);
  if (!parsed.ok) throw fail(parsed.problems.join('; '));
  return { connectors: parsed.connectors, mcpServers: parsed.mcpServers };
}

// One registry per configuration and process: the file is read and the MCP servers asked once,
// not per message, and concurrent first uses share the one load. On globalThis, keyed by the
// connector settings: Next loads this module in several bundles (instrumentation, each route),
// each with its own parsed Config, and startup's load must be the one the chat uses.
type Holder = typeof globalThis & { __lanternConnectorRegistries?: Map<string, Promise<ConnectorRegistry>> };
const keys = new WeakMap<Config, string>();

function settingsKey(config: Config): string {
  let key = keys.get(config);
  if (!key) {
    key = createHash('sha256').update(JSON.stringify(config.connectors)).digest('hex');
    keys.set(config, key);
  }
  return key;
}

/**
 * The configuration's registry, loaded on first use. Startup awaits it first, so a problem stops
 * the server; a failed load is not kept, so elsewhere the next use tries again (an MCP server that
 * was briefly down does not disable the chat's connectors until a restart).
 */
export function connectorRegistry(config: Config): Promise<ConnectorRegistry> {
  const loaded = ((globalThis as Holder).__lanternConnectorRegistries ??= new Map());
  const key = settingsKey(config);
  let registry = loaded.get(key);
  if (!registry) {
    const loading = loadConnectorRegistry(config);
    loaded.set(key, loading);
    loading.catch(() => {
      if (loaded.get(key) === loading) loaded.delete(key);
    });
    registry = loading;
  }
  return registry;
}
