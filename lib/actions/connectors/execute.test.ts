import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refusalSentence } from '@/lib/actions/phrasing/refusals';
import { defineHttpConnector } from './definition';
import { executeHttpConnector, type ConnectorLogEntry, type ExecuteContext } from './execute';
import { verifyIdentitySignature } from './identity';
import { ORDERS_CUSTOMER, startOrdersApi, type OrdersApi } from './test-orders-api';
import { CANCEL_MESSAGES, cancelOrderDefinition, orderStatusDefinition } from './test-connectors';

const SECRET = 'lantern-orders-secret-0123456789abcdef';
const TOKEN = 'orders-api-token-7f3a9c2e';

let api: OrdersApi;
let log: ConnectorLogEntry[];

beforeAll(async () => {
  api = await startOrdersApi({ secret: SECRET });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.reset();
  log = [];
});

const ctx = (overrides: Partial<ExecuteContext> = {}): ExecuteContext => ({
  customerId: ORDERS_CUSTOMER,
  secret: SECRET,
  allowedOrigins: [api.origin],
  env: { ORDERS_API_TOKEN: TOKEN },
  log: (entry) => log.push(entry),
  ...overrides,
});
const orderStatus = () => defineHttpConnector(orderStatusDefinition(api.origin));
const cancelOrder = () => defineHttpConnector(cancelOrderDefinition(api.origin));

describe('executeHttpConnector: reads', () => {
  it('maps the answer, a missing pointer to null, for the customer of the session', async () => {
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx());
    expect(outcome).toEqual({ ok: true, value: { status: 'shipped', eta: '2026-12-05', carrier: null } });
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'GET', target: '/orders/A-1001', body: '', customerId: ORDERS_CUSTOMER, signature: { ok: true }, status: 200 });
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(log).toEqual([expect.objectContaining({ connector: 'get_order_status', attempt: 1, status: 200, problem: null, url: `${api.origin}/orders/A-1001` })]);
  });

  it("refuses another customer's order the way the API does (404 → not_found)", async () => {
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'B-2001' }, ctx({ lang: 'fr' }));
    expect(outcome).toEqual({ ok: false, reason: 'not_found', message: refusalSentence('not_found', 'fr') });
    expect(api.requests[0]).toMatchObject({ customerId: ORDERS_CUSTOMER, status: 404 });
  });

  it('refuses a customer id in the input before anything is sent', async () => {
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'B-2001', customerId: 'cust-2002' }, ctx());
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid_input' });
    expect(api.requests).toHaveLength(0);
    expect(log).toEqual([expect.objectContaining({ attempt: 0, problem: 'invalid input (customerId)' })]);
  });

  it('sends nothing without a usable customer id from the session', async () => {
    for (const customerId of ['', 'cust 1001', 'x.GET./orders']) {
      expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ customerId }))).toMatchObject({ ok: false, reason: 'not_a_customer' });
    }
    expect(api.requests).toHaveLength(0);
  });

  it('encodes a path value as one segment and refuses "." and ".."', async () => {
    const loose = defineHttpConnector({ ...orderStatusDefinition(api.origin), input: z.object({ orderId: z.string().max(40) }) });
    await executeHttpConnector(loose, { orderId: 'A/1001?x=1' }, ctx());
    expect(api.requests[0]!.target).toBe('/orders/A%2F1001%3Fx%3D1');
    for (const orderId of ['..', '.', '']) {
      expect(await executeHttpConnector(loose, { orderId }, ctx())).toMatchObject({ ok: false, reason: 'invalid_input' });
    }
    expect(api.requests).toHaveLength(1);
  });

  it('retries a 503 and a 429 with a short wait, then succeeds', async () => {
    api.queue({ status: 503, json: { error: { code: 'busy' } } }, { status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'A-1002' }, ctx());
    expect(outcome).toEqual({ ok: true, value: { status: 'processing', eta: '2026-12-09', carrier: null } });
    expect(api.requests.map((r) => r.status)).toEqual([503, 429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000); // Retry-After: 1 was honoured
    expect(log.map((e) => [e.attempt, e.status, e.retrying])).toEqual([
      [1, 503, true],
      [2, 429, true],
      [3, 200, false],
    ]);
    // Every attempt is signed afresh and verifies.
    expect(api.requests.every((r) => r.signature.ok && r.customerId === ORDERS_CUSTOMER)).toBe(true);
  });

  it('retries a dropped connection', async () => {
    api.queue({ drop: true });
    expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx())).toMatchObject({ ok: true });
    expect(api.requests).toHaveLength(2);
    expect(log[0]).toMatchObject({ status: null, retrying: true, problem: expect.stringMatching(/^network error/) });
  });

  it('gives up after the retries: 5xx → unavailable', async () => {
    api.queue({ status: 500 }, { status: 502 }, { status: 503 }, { status: 200, json: { order: { status: 'late' } } });
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ lang: 'de' }));
    expect(outcome).toEqual({ ok: false, reason: 'unavailable', message: refusalSentence('unavailable', 'de') });
    expect(api.requests).toHaveLength(3);
  });

  it('does not wait for a long Retry-After', async () => {
    api.queue({ status: 503, headers: { 'retry-after': '120' } });
    expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(api.requests).toHaveLength(1);
    expect(log).toEqual([expect.objectContaining({ status: 503, problem: 'HTTP 503', retrying: false })]);
  });

  it('times out → unavailable, within the deadline', async () => {
    api.queue({ hang: true }, { hang: true }, { hang: true });
    const connector = defineHttpConnector({ ...orderStatusDefinition(api.origin), timeoutMs: 300 });
    const outcome = await executeHttpConnector(connector, { orderId: 'A-1001' }, ctx({ lang: 'it' }));
    expect(outcome).toEqual({ ok: false, reason: 'unavailable', message: refusalSentence('unavailable', 'it') });
    // One deadline for the whole call: the hanging first attempt used it up, so no retry follows.
    expect(api.requests).toHaveLength(1);
    expect(log).toEqual([expect.objectContaining({ attempt: 1, problem: 'timed out after 300 ms', retrying: false })]);
  });

  it('stops when the caller aborts', async () => {
    // The answer would come, but only after the caller has given up.
    api.queue({ status: 200, json: { order: { status: 'shipped' } }, delayMs: 2000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ signal: controller.signal }));
    expect(outcome).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(api.requests).toHaveLength(1);
    expect(log.at(-1)).toMatchObject({ problem: 'stopped by the caller' });
  });

  it('refuses an oversized answer, with or without Content-Length', async () => {
    const big = { order: { status: 'shipped', eta: null, notes: 'x'.repeat(300 * 1024) } };
    api.queue({ status: 200, json: big }, { status: 200, json: big, chunked: true });
    expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(log.map((e) => e.problem)).toEqual(['the answer is too large (more than 262144 bytes)', 'the answer is too large (more than 262144 bytes)']);
    // The same answer fits under a larger bound.
    api.queue({ status: 200, json: big, chunked: true });
    expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ maxResponseBytes: 1024 * 1024 }))).toMatchObject({ ok: true, value: { status: 'shipped' } });
  });

  it('refuses an answer that is not JSON', async () => {
    api.queue({ status: 200, text: '<html>Login</html>', headers: { 'content-type': 'text/html' } }, { status: 200, text: '{"order":', headers: { 'content-type': 'application/json' } });
    expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(log.map((e) => e.problem)).toEqual(['the answer is not JSON (text/html)', 'the answer is not valid JSON']);
  });

  it('does not follow a redirect', async () => {
    api.queue({ status: 302, headers: { location: 'https://elsewhere.example.com/steal' } });
    expect(await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(api.requests).toHaveLength(1);
  });

  it('sends nothing to an origin that is not allowed', async () => {
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ allowedOrigins: ['https://api.example.com'] }));
    expect(outcome).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(api.requests).toHaveLength(0);
    expect(log[0]!.problem).toBe(`origin ${api.origin} is not in the allowed origins`);
  });

  it('is refused by an API that holds another secret', async () => {
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ secret: 'not-the-shared-secret-0123456789' }));
    expect(outcome).toMatchObject({ ok: false, reason: 'request_refused' });
    expect(api.requests[0]).toMatchObject({ status: 401, signature: { ok: false, reason: 'mismatch' } });
  });
});

describe('executeHttpConnector: writes', () => {
  it('executes exactly once; the second time the API says already cancelled', async () => {
    const connector = cancelOrder();
    const first = await executeHttpConnector(connector, { orderId: 'A-1002', reason: 'too_late' }, ctx({ idempotencyKey: 'approval-42' }));
    expect(first).toEqual({ ok: true, value: { status: 'cancelled' } });
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', target: '/orders/A-1002/cancel', customerId: ORDERS_CUSTOMER, signature: { ok: true } });
    expect(JSON.parse(request!.body)).toEqual({ cancelReason: 'too_late' });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['idempotency-key']).toBe('approval-42');
    expect(api.orders.get('A-1002')!.status).toBe('cancelled');

    const second = await executeHttpConnector(connector, { orderId: 'A-1002' }, ctx());
    expect(second).toEqual({ ok: false, reason: 'request_refused', message: CANCEL_MESSAGES.en });
    expect(api.requests).toHaveLength(2);
  });

  it.each(['de', 'fr', 'it'] as const)('maps the 409 to the customer message in %s', async (lang) => {
    api.orders.get('A-1002')!.status = 'cancelled';
    const outcome = await executeHttpConnector(cancelOrder(), { orderId: 'A-1002' }, ctx({ lang }));
    expect(outcome).toEqual({ ok: false, reason: 'request_refused', message: CANCEL_MESSAGES[lang] });
    expect(log.at(-1)).toMatchObject({ status: 409, problem: 'HTTP 409 (already_cancelled)' });
  });

  it("maps a 403 for another customer's order, and refuses an unmapped one generically", async () => {
    expect(await executeHttpConnector(cancelOrder(), { orderId: 'B-2001' }, ctx())).toMatchObject({ ok: false, reason: 'not_found' });
    const bare = defineHttpConnector({ ...cancelOrderDefinition(api.origin), http: { ...cancelOrderDefinition(api.origin).http, errors: [] } });
    expect(await executeHttpConnector(bare, { orderId: 'B-2001' }, ctx({ lang: 'de' }))).toEqual({ ok: false, reason: 'request_refused', message: refusalSentence('request_refused', 'de') });
    // An unmapped 404 still reads as "not found".
    expect(await executeHttpConnector(bare, { orderId: 'Z-999' }, ctx({ lang: 'it' }))).toEqual({ ok: false, reason: 'not_found', message: refusalSentence('not_found', 'it') });
    // The code must match too: a 409 with another code is not the mapped one.
    api.queue({ status: 409, json: { error: { code: 'locked' } } });
    expect(await executeHttpConnector(cancelOrder(), { orderId: 'A-1002' }, ctx())).toMatchObject({ ok: false, reason: 'request_refused', message: refusalSentence('request_refused', 'en') });
    expect(api.orders.get('B-2001')!.status).toBe('processing');
  });

  it('is never retried: not on a 500, not on a dropped connection, not on a 503', async () => {
    for (const answer of [{ status: 500 }, { drop: true as const }, { status: 503 }]) {
      api.reset();
      api.queue(answer);
      const outcome = await executeHttpConnector(cancelOrder(), { orderId: 'A-1002' }, ctx());
      expect(outcome).toMatchObject({ ok: false, reason: 'unavailable' });
      expect(api.requests).toHaveLength(1);
      expect(api.orders.get('A-1002')!.status).toBe('processing');
    }
  });

  it('sends the customer of the session only, whatever the body holds', async () => {
    const connector = defineHttpConnector({ ...cancelOrderDefinition(api.origin), http: { ...cancelOrderDefinition(api.origin).http, body: 'json' } });
    const outcome = await executeHttpConnector(connector, { orderId: 'A-1001', customer: 'cust-2002' }, ctx());
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid_input' });
    expect(api.requests).toHaveLength(0);

    await executeHttpConnector(connector, { orderId: 'A-1001', reason: 'changed_mind' }, ctx());
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]!.customerId).toBe(ORDERS_CUSTOMER);
    expect(JSON.parse(api.requests[0]!.body)).toEqual({ orderId: 'A-1001', reason: 'changed_mind' });
  });

  it('signs the exact body and target it sends', async () => {
    await executeHttpConnector(cancelOrder(), { orderId: 'A-1002', reason: 'too_late' }, ctx());
    const [request] = api.requests;
    const check = (change: { body?: string; customerId?: string }) =>
      verifyIdentitySignature({
        secret: SECRET,
        signature: request!.headers['lantern-signature'] as string,
        customerId: change.customerId ?? request!.customerId!,
        method: 'POST',
        pathWithQuery: request!.target,
        body: change.body ?? request!.body,
      });
    expect(check({})).toMatchObject({ ok: true });
    expect(check({ body: '{"cancelReason":"changed_mind"}' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(check({ customerId: 'cust-2002' })).toEqual({ ok: false, reason: 'mismatch' });
  });
});

describe('executeHttpConnector: secrets', () => {
  const secretsIn = (value: unknown) => {
    const text = JSON.stringify(value);
    return [TOKEN, SECRET, 'v1='].filter((s) => text.includes(s));
  };

  it('resolves ${ENV:NAME} at execution and keeps it out of refusals and the log', async () => {
    await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx());
    expect(api.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const refusals = [
      await executeHttpConnector(orderStatus(), { orderId: 'Z-404' }, ctx()),
      await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ env: {} })),
      await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ env: { ORDERS_API_TOKEN: `${TOKEN}\r\nX-Evil: 1` } })),
    ];
    expect(refusals.map((r) => r.ok || r.reason)).toEqual(['not_found', 'unavailable', 'unavailable']);
    expect(log.map((e) => e.problem)).toEqual([
      null,
      'HTTP 404 (not_found)',
      'header Authorization: environment variable ORDERS_API_TOKEN is not set',
      'header Authorization: environment variable ORDERS_API_TOKEN holds a line break',
    ]);
    expect(api.requests).toHaveLength(2);
    expect(secretsIn(refusals)).toEqual([]);
    expect(secretsIn(log)).toEqual([]);
  });

  it('keeps a header value out of a network error', async () => {
    // undici quotes an invalid header value in its TypeError ('Headers.append: "…" is an invalid header value.'): the log keeps only the error's kind.
    const quoting = async (_url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      throw new TypeError(`Headers.append: "${headers.get('authorization')}" is an invalid header value.`, { cause: new Error(`signature ${headers.get('lantern-signature')}`) });
    };
    const outcome = await executeHttpConnector(orderStatus(), { orderId: 'A-1001' }, ctx({ fetch: quoting }));
    expect(outcome).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(log).toHaveLength(3);
    expect(log.map((e) => e.problem)).toEqual(['network error (TypeError)', 'network error (TypeError)', 'network error (TypeError)']);
    expect(secretsIn(outcome)).toEqual([]);
    expect(secretsIn(log)).toEqual([]);
  });
});
