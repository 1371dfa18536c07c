import { describe, expect, it } from 'vitest';
import { ConnectorDefinitionError } from './definition';
import { connectorFromConfig, parseConnectorsConfig } from './config';
import { DEFAULT_MAX_LENGTH, JsonSchemaError, jsonSchemaToZod } from './json-schema';
import { previewConnector } from './preview';
import { cancelOrderConfig, orderStatusDefinition } from './test-connectors';

const ORIGIN = 'https://api.example.com';

describe('jsonSchemaToZod', () => {
  const schema = jsonSchemaToZod({
    type: 'object',
    properties: {
      orderId: { type: 'string', pattern: '^[A-Z]-\\d{4}$', maxLength: 6, description: 'The order number' },
      note: { type: 'string', minLength: 2 },
      count: { type: 'integer', minimum: 1, maximum: 12 },
      amount: { type: 'number', minimum: 0 },
      express: { type: 'boolean' },
      reason: { enum: ['changed_mind', 'too_late'] },
      kind: { type: 'string', enum: ['a', 'b'] },
    },
    required: ['orderId'],
  });

  it('converts each kind of property with its bounds', () => {
    expect(schema.safeParse({ orderId: 'A-1001', note: 'ok', count: 3, amount: 2.5, express: true, reason: 'too_late', kind: 'b' }).success).toBe(true);
    expect(schema.safeParse({ orderId: 'A-1001' }).success).toBe(true);
    for (const bad of [
      { orderId: 'a-1001' }, // pattern
      { orderId: 'A-10011' }, // maxLength
      { orderId: 'A-1001', note: 'x' }, // minLength
      { orderId: 'A-1001', count: 2.5 }, // integer
      { orderId: 'A-1001', count: 13 }, // maximum
      { orderId: 'A-1001', amount: -1 }, // minimum
      { orderId: 'A-1001', express: 'yes' }, // boolean
      { orderId: 'A-1001', reason: 'bored' }, // enum
      { orderId: 'A-1001', kind: 'c' }, // string enum
      { note: 'ok' }, // required
      { orderId: 'A-1001', extra: 1 }, // strict
    ]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(schema.shape.orderId.description).toBe('The order number');
  });

  it('caps a string without maxLength', () => {
    expect(schema.safeParse({ orderId: 'A-1001', note: 'x'.repeat(DEFAULT_MAX_LENGTH) }).success).toBe(true);
    expect(schema.safeParse({ orderId: 'A-1001', note: 'x'.repeat(DEFAULT_MAX_LENGTH + 1) }).success).toBe(false);
  });

  it.each([
    ['an unknown keyword', { type: 'object', properties: { a: { type: 'string', format: 'email' } } }],
    ['a nested object', { type: 'object', properties: { a: { type: 'object', properties: {} } } }],
    ['an array', { type: 'object', properties: { a: { type: 'array' } } }],
    ['a required name that is no property', { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }],
    ['a broken pattern', { type: 'object', properties: { a: { type: 'string', pattern: '([a-z' } } }],
    ['minimum above maximum', { type: 'object', properties: { a: { type: 'number', minimum: 5, maximum: 1 } } }],
    ['a top level that is not an object', { type: 'string' }],
    ['a property name with a dash', { type: 'object', properties: { 'order-id': { type: 'string' } } }],
  ])('rejects %s', (_, json) => {
    expect(() => jsonSchemaToZod(json)).toThrow(JsonSchemaError);
  });
});

describe('connectors config (JSON)', () => {
  it('builds a write connector whose preview fills its templates in each language', () => {
    const connector = connectorFromConfig(cancelOrderConfig(ORIGIN));
    expect(connector).toMatchObject({ name: 'cancel_order', risk: 'write', retries: 0 });
    const de = previewConnector(connector, { orderId: 'A-1002', reason: 'too_late' }, 'de');
    expect(de).toEqual({
      ok: true,
      value: { title: 'Bestellung A-1002 stornieren', changes: [{ label: 'Bestellung', before: 'A-1002', after: 'storniert' }], notes: ['Grund: too_late'] },
    });
    const it = previewConnector(connector, { orderId: 'A-1002' }, 'it');
    expect(it.ok && it.value.title).toBe("Annullare l'ordine A-1002");
    expect(it.ok && it.value.notes).toEqual(['Motivo: ']);
    expect(previewConnector(connector, { orderId: 'not an id!' }, 'fr')).toMatchObject({ ok: false, reason: 'invalid_input' });
  });

  it('rejects a preview template naming an unknown field', () => {
    const config = cancelOrderConfig(ORIGIN);
    const json = { ...config, preview: { ...config.preview, title: 'Cancel {order}' } };
    expect(() => connectorFromConfig(json)).toThrow(new ConnectorDefinitionError('cancel_order', ['preview: {order} is not an input field']));
  });

  it('rejects a customer id property in the JSON input', () => {
    const config = cancelOrderConfig(ORIGIN);
    const json = { ...config, input: { ...config.input, properties: { ...config.input.properties, customer_id: { type: 'string' } } } };
    expect(() => connectorFromConfig(json)).toThrow(/input field customer_id names the customer/);
  });

  it('parses a whole file and names the connector of every problem', () => {
    const read = { ...orderStatusDefinition(ORIGIN), input: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] } };
    const good = parseConnectorsConfig({ connectors: [cancelOrderConfig(ORIGIN), read] });
    expect(good.ok && good.connectors.map((c) => c.name)).toEqual(['cancel_order', 'get_order_status']);

    const bad = parseConnectorsConfig({
      connectors: [cancelOrderConfig(ORIGIN), cancelOrderConfig(ORIGIN), { ...read, http: { ...read.http, url: `${ORIGIN}/orders/{id}` } }, { name: 'x' }],
    });
    expect(bad.ok).toBe(false);
    const problems = bad.ok ? [] : bad.problems;
    expect(problems).toContain('connectors[1] cancel_order: the name is used twice');
    expect(problems).toContain('connectors[2] get_order_status: the URL placeholder {id} is not an input field');
    expect(problems.some((p) => p.startsWith('connectors[3] x: description:'))).toBe(true);
    expect(parseConnectorsConfig({ tools: [] })).toMatchObject({ ok: false });
  });
});
