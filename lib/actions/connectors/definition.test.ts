import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConnectorDefinitionError, defineHttpConnector, type HttpConnectorDefinition } from './definition';
import { cancelOrderDefinition, orderStatusDefinition } from './test-connectors';

const ORIGIN = 'https://api.example.com';

/** The problems a definition is rejected with (fails the test when it is accepted). */
function problemsOf(def: unknown): string[] {
  try {
    defineHttpConnector(def as HttpConnectorDefinition);
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorDefinitionError);
    return (error as ConnectorDefinitionError).problems;
  }
  throw new Error('the definition was accepted');
}

const read = orderStatusDefinition(ORIGIN);
const write = cancelOrderDefinition(ORIGIN);

describe('defineHttpConnector', () => {
  it('accepts the example read and write and fills in the defaults', () => {
    const status = defineHttpConnector(read);
    expect(status).toMatchObject({ name: 'get_order_status', risk: 'read', timeoutMs: 8000, retries: 2, preview: null });
    expect(status.http).toMatchObject({ method: 'GET', query: [], codePointer: '/error/code', body: null });
    expect(status.http.url.origin).toBe(ORIGIN);
    expect(status.http.errors).toEqual([{ statuses: [404], code: null, reason: 'not_found', message: null }]);

    const cancel = defineHttpConnector({ ...write, timeoutMs: 2000 });
    expect(cancel).toMatchObject({ risk: 'write', retries: 0, timeoutMs: 2000, allowedOrigins: [ORIGIN] });
    expect(cancel.http.errors[1]).toMatchObject({ statuses: [403, 404], reason: 'not_found' });
  });

  it("holds a write's key arguments for the verifier: the required fields unless the definition names them", () => {
    expect(defineHttpConnector(write).keyArguments).toEqual(['orderId']);
    expect(defineHttpConnector({ ...write, keyArguments: ['orderId', 'reason'] }).keyArguments).toEqual(['orderId', 'reason']);
    expect(defineHttpConnector(read).keyArguments).toEqual([]);
    expect(problemsOf({ ...write, keyArguments: ['orderNo'] })).toContain('keyArguments: orderNo is not an input field');
    expect(problemsOf({ ...read, keyArguments: ['orderId'] })).toContain('a read has no keyArguments (nothing is verified before it runs)');
  });

  it('makes the input strict: an unknown field is refused, not dropped', () => {
    const status = defineHttpConnector(read);
    expect(status.input.safeParse({ orderId: 'A-1001' }).success).toBe(true);
    expect(status.input.safeParse({ orderId: 'A-1001', note: 'x' }).success).toBe(false);
  });

  it('rejects a URL placeholder that is not an input field', () => {
    const problems = problemsOf({ ...read, http: { ...read.http, url: `${ORIGIN}/orders/{orderNo}` } });
    expect(problems).toContain('the URL placeholder {orderNo} is not an input field');
  });

  it.each(['customerId', 'customer_id', 'customer', 'CustomerNumber', 'customer_ref'])('rejects an input field named %s', (name) => {
    const problems = problemsOf({ ...read, input: z.object({ orderId: z.string(), [name]: z.string().optional() }), http: { ...read.http, query: [name] } });
    expect(problems.some((p) => p.startsWith(`input field ${name} names the customer`))).toBe(true);
  });

  it('finds a customer id field at any depth', () => {
    const input = z.object({ orderId: z.string(), filter: z.object({ owner: z.object({ customer_id: z.string() }).optional() }).optional() });
    const problems = problemsOf({ ...write, input, http: { ...write.http, body: 'json' } });
    expect(problems.some((p) => p.startsWith('input field filter.owner.customer_id names the customer'))).toBe(true);
  });

  it('rejects a body mapping that would send a customer id', () => {
    const problems = problemsOf({ ...write, http: { ...write.http, body: { customerId: 'orderId', cancelReason: 'reason' } } });
    expect(problems.some((p) => p.startsWith('body field customerId names the customer'))).toBe(true);
  });

  it.each([
    ['an origin outside allowedOrigins', { ...write, allowedOrigins: ['https://other.example.com'] }, `the URL's origin ${ORIGIN} is not in allowedOrigins`],
    ['an allowed origin with a path', { ...write, allowedOrigins: [`${ORIGIN}/v1`] }, `allowedOrigins: "${ORIGIN}/v1" is not an http(s) origin (scheme, host and port only)`],
    ['a non-web scheme', { ...read, http: { ...read.http, url: 'ftp://files.example.com/orders/{orderId}' } }, "the URL's scheme must be http or https, not ftp"],
    ['a relative URL', { ...read, http: { ...read.http, url: '/orders/{orderId}' } }, 'the URL is not an absolute URL'],
    ['a placeholder in the host', { ...read, http: { ...read.http, url: 'https://{orderId}.example.com/orders' } }, 'the URL placeholder {orderId} is outside the path (placeholders fill path segments only)'],
    ['credentials in the URL', { ...read, http: { ...read.http, url: 'https://user:pw@api.example.com/orders/{orderId}' } }, 'the URL may not hold credentials (use a header with ${ENV:NAME})'],
  ])('rejects %s', (_, def, problem) => {
    expect(problemsOf(def)).toContain(problem);
  });

  it.each([
    ['a write that retries', { ...write, retries: 1 }, 'a write is never retried (retries must be 0 or left out)'],
    ['a read without a response map', { ...read, http: { ...read.http, response: undefined } }, 'a read maps its answer (http.response.map): the model sees only the mapped fields'],
    ['a read with a preview', { ...read, preview: () => ({ title: 'x', changes: [], notes: [] }) }, 'a read has no preview (it runs without approval)'],
    ['a GET with a body', { ...read, http: { ...read.http, body: 'json' } }, 'a GET request has no body'],
    ['an optional path field', { ...read, input: z.object({ orderId: z.string().optional() }) }, 'the URL placeholder {orderId} is an optional input field (path fields must be required)'],
    ['an input field that is never sent', { ...read, input: z.object({ orderId: z.string(), note: z.string() }) }, 'input field note is not sent (not in the URL, query or body)'],
    ['a query field that is not an input field', { ...read, http: { ...read.http, query: ['page'] } }, 'query field page is not an input field'],
    ['a body field mapping an unknown input', { ...write, http: { ...write.http, body: { cancelReason: 'why' } } }, 'body field cancelReason maps why, which is not an input field'],
    ['a Lantern header', { ...read, http: { ...read.http, headers: { 'Lantern-Customer': 'c-1' } } }, 'header Lantern-Customer is set by Lantern and cannot be defined'],
    ['a template other than ${ENV:…}', { ...read, http: { ...read.http, headers: { Authorization: 'Bearer ${TOKEN}' } } }, 'header Authorization: only ${ENV:NAME} may be referenced in a value'],
  ])('rejects %s', (_, def, problem) => {
    expect(problemsOf(def)).toContain(problem);
  });

  it('rejects a malformed shape with the path of each problem', () => {
    const problems = problemsOf({ ...read, name: 'Get-Order', labels: { en: 'Order status' }, http: { ...read.http, method: 'FETCH' }, timeoutMs: 10 });
    expect(problems.some((p) => p.startsWith('name: snake_case'))).toBe(true);
    expect(problems.some((p) => p.startsWith('labels.de:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('http.method:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('timeoutMs:'))).toBe(true);
  });

  it('never repeats a header value in its problems', () => {
    const secret = 'sk_live_0123456789abcdef';
    const problems = problemsOf({ ...read, http: { ...read.http, headers: { 'X-Api-Key': `${secret}\n`, 'Bad Name': secret } } });
    expect(problems).toContain('header X-Api-Key: the value has a line break');
    expect(problems).toContain('header "Bad Name" is not a valid header name');
    expect(JSON.stringify(problems)).not.toContain(secret);
  });
});
