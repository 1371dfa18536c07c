import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config';
import { defineHttpConnector } from './definition';
import { connectorFromConfig } from './config';
import { ConnectorRegistryError, createConnectorRegistry } from './registry';
import { connectorRegistry, loadConnectorRegistry } from './registry-load';
import { cancelOrderConfig, cancelOrderDefinition, orderStatusConfig, orderStatusDefinition } from './test-connectors';

const ORIGIN = 'https://api.example.com';
const SECRET = 's'.repeat(32);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-connectors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeFile(name: string, content: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const configWith = (file: string, extra: Record<string, string> = {}) => parseConfig({ LANTERN_CONNECTORS_FILE: file, LANTERN_CONNECTORS_SECRET: SECRET, ...extra });

describe('LANTERN_CONNECTORS_FILE', () => {
  it('needs LANTERN_CONNECTORS_SECRET, and a secret of at least 32 characters', () => {
    expect(() => parseConfig({ LANTERN_CONNECTORS_FILE: '/x.json' })).toThrow(/LANTERN_CONNECTORS_FILE needs LANTERN_CONNECTORS_SECRET/);
    expect(() => parseConfig({ LANTERN_CONNECTORS_FILE: '/x.json', LANTERN_CONNECTORS_SECRET: 'short' })).toThrow(/LANTERN_CONNECTORS_SECRET must be at least 32/);
  });

  it('loads the file’s connectors into one registry with those defined in code', () => {
    const file = writeFile('ok.json', { connectors: [cancelOrderConfig(ORIGIN)] });
    const registry = loadConnectorRegistry(configWith(file, { ORDERS_API_TOKEN: 't' }), { code: [defineHttpConnector(orderStatusDefinition(ORIGIN))] });
    expect(registry.connectors.map((c) => c.name)).toEqual(['cancel_order', 'get_order_status']);
    expect(registry.get('cancel_order')?.risk).toBe('write');
    expect(registry.get('nope')).toBeUndefined();
  });

  it('stops the start with one error naming the file and each problem', () => {
    const missing = path.join(dir, 'missing.json');
    expect(() => loadConnectorRegistry(configWith(missing))).toThrow(new ConfigError(`Invalid configuration: LANTERN_CONNECTORS_FILE ${missing}: no such file`));

    const broken = writeFile('broken.json', '{ "connectors": [');
    expect(() => loadConnectorRegistry(configWith(broken))).toThrow(/LANTERN_CONNECTORS_FILE .*broken\.json: is not valid JSON/);

    const bad = writeFile('bad.json', { connectors: [{ ...orderStatusConfig(ORIGIN), http: { ...orderStatusConfig(ORIGIN).http, query: ['customerId'] }, input: { type: 'object', properties: { orderId: { type: 'string' }, customerId: { type: 'string' } }, required: ['orderId'] } }] });
    expect(() => loadConnectorRegistry(configWith(bad))).toThrow(/bad\.json: connectors\[0\] get_order_status: input field customerId names the customer/);

    const twice = writeFile('twice.json', { connectors: [orderStatusConfig(ORIGIN)] });
    expect(() => loadConnectorRegistry(configWith(twice), { code: [defineHttpConnector(orderStatusDefinition(ORIGIN))] })).toThrow(
      /twice\.json: connector get_order_status: the name is used twice/,
    );
  });

  it('refuses a connector that would shadow a built-in tool, or needs an environment variable that is not set', () => {
    const shadow = writeFile('shadow.json', { connectors: [{ ...orderStatusConfig(ORIGIN), name: 'change_plan' }] });
    expect(() => loadConnectorRegistry(configWith(shadow))).toThrow(/connector change_plan: the name is a built-in tool's/);
    // The code definitions send "Authorization: Bearer ${ENV:ORDERS_API_TOKEN}".
    expect(() => loadConnectorRegistry(configWith(writeFile('empty.json', { connectors: [] })), { code: [defineHttpConnector(orderStatusDefinition(ORIGIN))] })).toThrow(
      /environment variable ORDERS_API_TOKEN is not set/,
    );
  });

  it('without a file or code connectors there are none; the registry is read once per configuration', () => {
    const config = parseConfig({});
    expect(connectorRegistry(config).connectors).toEqual([]);
    expect(connectorRegistry(config)).toBe(connectorRegistry(config));
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
