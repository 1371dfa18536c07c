import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config';
import { defineHttpConnector } from './definition';
import { connectorFromConfig } from './config';
import { ConnectorRegistryError, createConnectorRegistry } from './registry';
import { connectorRegistry, loadConnectorRegistry } from './registry-load';
import { cancelOrderConfig, cancelOrderDefinition, orderStatusConfig, orderStatusDefinition } from './test-connectors';
import { HOLD_PARCEL_LABELS, parcelsServerConfig, startParcelsMcp, type ParcelsMcp } from './test-parcels-mcp';

const ORIGIN = 'https://api.example.com';
const SECRET = 's'.repeat(32);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-connectors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeFile(name: string, content: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** A loopback port nothing listens on (any more). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const configWith = (file: string, extra: Record<string, string> = {}) => parseConfig({ LANTERN_CONNECTORS_FILE: file, LANTERN_CONNECTORS_SECRET: SECRET, ...extra });

describe('LANTERN_CONNECTORS_FILE', () => {
  it('needs LANTERN_CONNECTORS_SECRET, and a secret of at least 32 characters', () => {
    expect(() => parseConfig({ LANTERN_CONNECTORS_FILE: '/x.json' })).toThrow(/LANTERN_CONNECTORS_FILE needs LANTERN_CONNECTORS_SECRET/);
    expect(() => parseConfig({ LANTERN_CONNECTORS_FILE: '/x.json', LANTERN_CONNECTORS_SECRET: 'short' })).toThrow(/LANTERN_CONNECTORS_SECRET must be at least 32/);
  });

  it('loads the file’s connectors into one registry with those defined in code', async () => {
    const file = writeFile('ok.json', { connectors: [cancelOrderConfig(ORIGIN)] });
    const registry = await loadConnectorRegistry(configWith(file, { ORDERS_API_TOKEN: 't' }), { code: [defineHttpConnector(orderStatusDefinition(ORIGIN))] });
    expect(registry.external.map((c) => c.name)).toEqual(['cancel_order', 'get_order_status']);
    expect(registry.get('cancel_order')?.risk).toBe('write');
    expect(registry.get('nope')).toBeUndefined();
  });

  it('stops the start with one error naming the file and each problem', async () => {
    const missing = path.join(dir, 'missing.json');
    await expect(loadConnectorRegistry(configWith(missing))).rejects.toThrow(new ConfigError(`Invalid configuration: LANTERN_CONNECTORS_FILE ${missing}: no such file`));

    const broken = writeFile('broken.json', '{ "connectors": [');
    await expect(loadConnectorRegistry(configWith(broken))).rejects.toThrow(/LANTERN_CONNECTORS_FILE .*broken\.json: is not valid JSON/);

    const bad = writeFile('bad.json', { connectors: [{ ...orderStatusConfig(ORIGIN), http: { ...orderStatusConfig(ORIGIN).http, query: ['customerId'] }, input: { type: 'object', properties: { orderId: { type: 'string' }, customerId: { type: 'string' } }, required: ['orderId'] } }] });
    await expect(loadConnectorRegistry(configWith(bad))).rejects.toThrow(/bad\.json: connectors\[0\] get_order_status: input field customerId names the customer/);

    const twice = writeFile('twice.json', { connectors: [orderStatusConfig(ORIGIN)] });
    await expect(loadConnectorRegistry(configWith(twice), { code: [defineHttpConnector(orderStatusDefinition(ORIGIN))] })).rejects.toThrow(
      /twice\.json: connector get_order_status: the name is used twice/,
    );
  });

  it('refuses a connector that would shadow a built-in tool, or needs an environment variable that is not set', async () => {
    const shadow = writeFile('shadow.json', { connectors: [{ ...orderStatusConfig(ORIGIN), name: 'change_plan' }] });
    await expect(loadConnectorRegistry(configWith(shadow))).rejects.toThrow(/connector change_plan: the name is a built-in tool's/);
    // The code definitions send "Authorization: Bearer ${ENV:ORDERS_API_TOKEN}".
    await expect(loadConnectorRegistry(configWith(writeFile('empty.json', { connectors: [] })), { code: [defineHttpConnector(orderStatusDefinition(ORIGIN))] })).rejects.toThrow(
      /environment variable ORDERS_API_TOKEN is not set/,
    );
  });

  it('without a file or code connectors there are none; the registry is read once per configuration', async () => {
    const config = parseConfig({});
    expect((await connectorRegistry(config)).external).toEqual([]);
    expect(connectorRegistry(config)).toBe(connectorRegistry(config));
    // Another parse of the same settings (Next's bundles each parse their own): the same load.
    expect(connectorRegistry(parseConfig({}))).toBe(connectorRegistry(config));
  });

  it('does not keep a failed load: the next use reads the file again', async () => {
    const file = path.join(dir, 'later.json');
    const config = configWith(file);
    await expect(connectorRegistry(config)).rejects.toThrow(/later\.json: no such file/);
    writeFile('later.json', { connectors: [orderStatusConfig(ORIGIN)] });
    expect((await connectorRegistry(config)).external.map((c) => c.name)).toEqual(['get_order_status']);
  });
});

describe('createConnectorRegistry', () => {
  it('needs a signing secret as soon as there is a connector', () => {
    expect(() => createConnectorRegistry({ connectors: [connectorFromConfig(orderStatusConfig(ORIGIN))], secret: undefined })).toThrow(ConnectorRegistryError);
  });

  it('gives a call the customer it is given, the language, the key and the connector’s own origin only', () => {
    const status = connectorFromConfig(orderStatusConfig(ORIGIN));
    const cancel = defineHttpConnector(cancelOrderDefinition('https://orders.example.net'));
    const registry = createConnectorRegistry({ connectors: [status, cancel], secret: SECRET, env: { ORDERS_API_TOKEN: 't' } });
    expect(registry.context(status, { customerId: 'AW-1', lang: 'de' })).toMatchObject({ customerId: 'AW-1', lang: 'de', secret: SECRET, allowedOrigins: [ORIGIN] });
    expect(registry.context(cancel, { customerId: 'AW-1', lang: 'en', idempotencyKey: 'k' })).toMatchObject({ allowedOrigins: ['https://orders.example.net'], idempotencyKey: 'k' });
  });
});

describe('MCP servers in LANTERN_CONNECTORS_FILE', () => {
  let mcp: ParcelsMcp;
  beforeAll(async () => {
    mcp = await startParcelsMcp({ secret: SECRET });
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('adds the configured tools of each server to the one registry, each with the risk and labels of the config', async () => {
    const file = writeFile('mcp.json', { connectors: [orderStatusConfig(ORIGIN)], mcpServers: [parcelsServerConfig(mcp.url, { track_parcel: 'read', hold_parcel: 'write' })] });
    const registry = await loadConnectorRegistry(configWith(file), { code: [] });
    expect(registry.external.map((c) => [c.kind, c.name, c.risk])).toEqual([
      ['http', 'get_order_status', 'read'],
      ['mcp', 'track_parcel', 'read'],
      ['mcp', 'hold_parcel', 'write'],
    ]);
    const hold = registry.get('hold_parcel')!;
    expect(hold.labels).toEqual(HOLD_PARCEL_LABELS);
    expect(hold.description).toMatch(/Keeps one of the signed-in customer's parcels/);
    expect(hold.input.safeParse({ parcelId: 'P-1' }).success).toBe(true);
    expect(hold.input.safeParse({ parcelId: 'P-1', customerId: 'AW-2' }).success).toBe(false);
  });

  it('the same tool is a write when the config says so; without labels, its name stands in every language', async () => {
    const file = writeFile('mcp-write.json', { mcpServers: [{ name: 'parcels', url: mcp.url, tools: { track_parcel: { risk: 'write' } } }] });
    const registry = await loadConnectorRegistry(configWith(file), { code: [] });
    expect(registry.get('track_parcel')).toMatchObject({ kind: 'mcp', risk: 'write', labels: { en: 'Track parcel', de: 'Track parcel' } });
  });

  it('asks the servers for their tools once per configuration, even when first used twice at once', async () => {
    const config = configWith(writeFile('once.json', { mcpServers: [parcelsServerConfig(mcp.url, { track_parcel: 'read' })] }));
    mcp.reset();
    const [a, b] = await Promise.all([connectorRegistry(config), connectorRegistry(config)]);
    expect(a).toBe(b);
    await connectorRegistry(config);
    expect(mcp.methods.filter((m) => m === 'tools/list')).toHaveLength(1);
  });

  it('stops the start naming the file and the problem: a tool the server lacks, a server that does not answer, a broken entry', async () => {
    const lacking = writeFile('lacking.json', { mcpServers: [{ name: 'parcels', url: mcp.url, tools: { track_parcel: { risk: 'read' }, refund_parcel: { risk: 'write' } } }] });
    await expect(loadConnectorRegistry(configWith(lacking), { code: [] })).rejects.toThrow(new ConfigError(`Invalid configuration: LANTERN_CONNECTORS_FILE ${lacking}: parcels: the server has no tool "refund_parcel"`));

    const port = await closedPort();
    const gone = writeFile('gone.json', { mcpServers: [{ name: 'parcels', url: `http://127.0.0.1:${port}/mcp`, timeoutMs: 2000, tools: { track_parcel: { risk: 'read' } } }] });
    await expect(loadConnectorRegistry(configWith(gone), { code: [] })).rejects.toThrow(
      new ConfigError(`Invalid configuration: LANTERN_CONNECTORS_FILE ${gone}: parcels: the MCP server at http://127.0.0.1:${port}/mcp cannot be reached (fetch failed: ECONNREFUSED)`),
    );

    const broken = writeFile('broken-mcp.json', {
      mcpServers: [
        { name: 'parcels', url: 'ftp://example.com/mcp', tools: { track_parcel: { risk: 'read' } } },
        { name: 'depot', url: mcp.url, headers: { 'Lantern-Customer': 'AW-1' }, tools: { track_parcel: { risk: 'sometimes' } } },
        { name: 'empty', url: mcp.url, tools: {} },
      ],
    });
    const error = await loadConnectorRegistry(configWith(broken), { code: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/broken-mcp\.json: mcpServers\[0\] parcels: url: /);
    expect(message).toMatch(/mcpServers\[1\] depot: headers: the identity headers are added by Lantern/);
    expect(message).toMatch(/mcpServers\[1\] depot: tools\.track_parcel\.risk: /);
    expect(message).toMatch(/mcpServers\[2\] empty: tools: name at least one tool/);
  });

  it('refuses a tool that shadows a built-in tool or an HTTP connector, and a header variable that is not set', async () => {
    const clash = writeFile('clash.json', { connectors: [{ ...orderStatusConfig(ORIGIN), name: 'track_parcel' }], mcpServers: [parcelsServerConfig(mcp.url, { track_parcel: 'read' })] });
    await expect(loadConnectorRegistry(configWith(clash), { code: [] })).rejects.toThrow(/clash\.json: connector track_parcel: the name is used twice/);

    const keyed = writeFile('keyed.json', { mcpServers: [{ ...parcelsServerConfig(mcp.url, { track_parcel: 'read' }), headers: { Authorization: 'Bearer ${ENV:PARCELS_TOKEN}' } }] });
    await expect(loadConnectorRegistry(configWith(keyed), { code: [] })).rejects.toThrow(/keyed\.json: parcels: header Authorization: environment variable PARCELS_TOKEN is not set/);
    expect((await loadConnectorRegistry(configWith(keyed, { PARCELS_TOKEN: 't' }), { code: [] })).external.map((c) => c.name)).toEqual(['track_parcel']);
  });
});
