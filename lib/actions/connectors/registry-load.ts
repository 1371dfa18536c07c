import fs from 'node:fs';
import { ConfigError, type Config } from '@/lib/config';
import { CODE_CONNECTORS } from './code-connectors';
import { parseConnectorsConfig } from './config';
import type { HttpConnector } from './definition';
import { ConnectorRegistryError, createConnectorRegistry, NO_CONNECTORS, type ConnectorRegistry } from './registry';

/**
 * The registry a configuration describes: the connectors config file (LANTERN_CONNECTORS_FILE),
 * read and checked once, plus the connectors defined in code. Every problem is a ConfigError that
 * names the file and what is wrong in it, so the server stops at start (lib/startup.ts) instead of
 * failing on a customer's first request.
 */
export function loadConnectorRegistry(config: Config, { code = CODE_CONNECTORS }: { code?: readonly HttpConnector[] } = {}): ConnectorRegistry {
  const { file, secret, env } = config.connectors;
  const fromFile = file ? readConnectorsFile(file) : [];
  if (fromFile.length === 0 && code.length === 0) return NO_CONNECTORS;
  try {
    return createConnectorRegistry({ connectors: [...fromFile, ...code], secret, env });
  } catch (error) {
    if (!(error instanceof ConnectorRegistryError)) throw error;
    throw new ConfigError(`Invalid configuration: LANTERN_CONNECTORS_FILE ${file ?? '(unset)'}: ${error.problems.join('; ')}`);
  }
}

function readConnectorsFile(file: string): HttpConnector[] {
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
  return parsed.connectors;
}

// One registry per configuration: the file is read once, not per message.
const loaded = new WeakMap<Config, ConnectorRegistry>();

/** The configuration's registry, loaded on first use (startup loads it first, so problems stop the server). */
export function connectorRegistry(config: Config): ConnectorRegistry {
  let registry = loaded.get(config);
  if (!registry) {
    registry = loadConnectorRegistry(config);
    loaded.set(config, registry);
  }
  return registry;
}
