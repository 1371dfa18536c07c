import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';
import { INSTANCE_METRICS_TOKEN, startInstance, type Instance } from './support/instances';

/**
 * Limits that one anonymous client cannot shed: request budgets per address and per visitor,
 * a body cap enforced while the body streams, and sign-in limits that are atomic, keyed on the
 * real TCP peer (not a header the client writes) and slow an attacked email down without
 * locking its owner out. The spec runs its own embedded instance with small, known budgets;
 * different loopback addresses (127.0.0.x) stand for different clients.
 */

test.describe.configure({ mode: 'serial' });

const LIMITS = { CHAT_RATE_LIMIT_PER_MINUTE: '30', SEARCH_RATE_LIMIT_PER_MINUTE: '10', LOGIN_RATE_LIMIT_MAX: '5' };

/** `reset` is set when the server closed the connection under the writer before its answer could be read. */
type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string; sentBytes: number; reset?: boolean };

/** One HTTP request from a chosen loopback address, with an optional body (a string, or a stream of chunks). */
function send(
  base: string,
  { method = 'GET', path: urlPath, from = '127.0.0.1', headers = {}, body }: { method?: string; path: string; from?: string; headers?: Record<string, string>; body?: string | { chunk: Buffer; total: number } },
): Promise<Reply> {
  const url = new URL(urlPath, base);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: from, agent: false },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (d: string) => (text += d));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, sentBytes }));
        response.on('error', reject);
      },
    );
    // A server that answers before the body is complete may close the socket under the writer;
    // then the answer can be lost with the connection (EPIPE / ECONNRESET), which is also a cut-off.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (body && typeof body !== 'string' && (error.code === 'EPIPE' || error.code === 'ECONNRESET')) {
        resolve({ status: 0, headers: {}, body: '', sentBytes, reset: true });
      } else reject(error);
    });
    if (typeof body === 'string') {
      sentBytes = Buffer.byteLength(body);
      request.end(body);
    } else if (body) {
      // Chunked, no Content-Length: written as fast as the server takes it, until it answers.
      const pump = () => {
        while (!answered && sentBytes < body.total) {
          sentBytes += body.chunk.length;
          if (!request.write(body.chunk)) return void request.once('drain', pump);
        }
        request.end();
      };
      pump();
    } else request.end();
  });
}

const json = { 'content-type': 'application/json' };
const chatBody = (text: string) =>
  JSON.stringify({ conversationId: crypto.randomUUID(), message: { id: `m-${Math.random().toString(36).slice(2)}`, role: 'user', parts: [{ type: 'text', text }] } });
const cookieOf = (reply: Reply, name: string) => reply.headers['set-cookie']?.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`));

async function residentBytes(base: string): Promise<number> {
  const reply = await send(base, { path: '/api/metrics', headers: { authorization: `Bearer ${INSTANCE_METRICS_TOKEN}` } });
  return Number(/^lantern_process_resident_memory_bytes (\d+)/m.exec(reply.body)?.[1]);
}

/** Signs in through the credentials flow from an address; the redirect says whether it worked and why not. */
async function signIn(base: string, email: string, password: string, from: string): Promise<'ok' | 'invalid' | 'rate_limited'> {
  const csrf = await send(base, { path: '/api/auth/csrf', from });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const cookies = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');
  const reply = await send(base, {
    method: 'POST',
    path: '/api/auth/callback/credentials',
    from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/` }).toString(),
  });
  const location = String(reply.headers.location ?? '');
  if (cookieOf(reply, 'authjs.session-token')) return 'ok';
  if (/code=rate_limited/.test(location)) return 'rate_limited';
  if (/error=CredentialsSignin/.test(location)) return 'invalid';
  throw new Error(`unexpected sign-in answer ${reply.status} ${location}`);
}

let app: Instance;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-limits-'));
  app = await startInstance({ DATA_DIR: dataDir, SEED_DEMO: 'auto', LOG_LEVEL: 'warn', ...LIMITS }, { readyTimeoutMs: 150_000 });
});

test.afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('100 chat messages without a cookie are limited like 100 from one visitor with a cookie', async () => {
  test.setTimeout(120_000);
  const post = (from: string, cookie?: string) =>
    send(app.baseUrl, { method: 'POST', path: '/api/chat', from, headers: { ...json, ...(cookie ? { cookie } : {}) }, body: chatBody('How do I restart my Box 5?') });

  const cookieless: number[] = [];
  for (let i = 0; i < 100; i++) cookieless.push((await post('127.0.0.2')).status);
  // The visitor's first message (which sets the cookie) counts as a new visitor's; the next 100 carry the cookie.
  const cookie = cookieOf(await post('127.0.0.3'), 'lantern-chat')!;
  expect(cookie).toBeTruthy();
  const withCookie: number[] = [];
  for (let i = 0; i < 100; i++) withCookie.push((await post('127.0.0.3', cookie)).status);

  const tally = (statuses: number[]) => ({ ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length });
  expect(tally(cookieless)).toEqual({ ok: 30, limited: 70 });
  expect(tally(withCookie)).toEqual({ ok: 30, limited: 70 });
  const refused = await post('127.0.0.2');
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'rate_limited' } });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
});

test('hand-offs and searches are limited too, the search page included', async ({ page }) => {
  const handoffs: number[] = [];
  for (let i = 0; i < 7; i++) {
    const reply = await send(app.baseUrl, { method: 'POST', path: '/api/chat/handoff', from: '127.0.0.4', headers: json, body: JSON.stringify({ conversationId: crypto.randomUUID(), reason: 'other' }) });
    handoffs.push(reply.status);
  }
  // Five a minute per visitor; a cookie-less client is one "new visitor" per address.
  expect(handoffs.filter((s) => s === 201)).toHaveLength(5);
  expect(handoffs.slice(5)).toEqual([429, 429]);

  const searches: number[] = [];
  for (let i = 0; i < 12; i++) searches.push((await send(app.baseUrl, { path: `/api/search?q=${encodeURIComponent(`roaming ${i}`)}`, from: '127.0.0.5' })).status);
  expect(searches.slice(0, 10).every((s) => s === 200)).toBe(true);
  expect(searches.slice(10)).toEqual([429, 429]);

  // The page runs the same search, so it shares the budget (Chromium connects from 127.0.0.1).
  for (let i = 0; i < 10; i++) await send(app.baseUrl, { path: `/api/search?q=box${i}` });
  await page.goto(`${app.baseUrl}/search?q=roaming`);
  await expect(page.getByTestId('search-rate-limited')).toBeVisible();
});

test('a chunked 10 MB body is cut off at the cap without being buffered', async () => {
  const before = await residentBytes(app.baseUrl);
  const reply = await send(app.baseUrl, {
    method: 'POST',
    path: '/api/chat',
    from: '127.0.0.6',
    headers: { ...json, 'transfer-encoding': 'chunked' },
    body: { chunk: Buffer.alloc(64 * 1024, 'a'), total: 10 * 1024 * 1024 },
  });
  // The server answers 413 and stops reading at the cap; when it closes the socket before the
  // client reads that answer, the client sees the connection reset instead. Either is a cut-off.
  if (!reply.reset) {
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ error: { code: 'payload_too_large' } });
  }
  expect(reply.sentBytes).toBeLessThan(10 * 1024 * 1024);
  const after = await residentBytes(app.baseUrl);
  console.log(`chunked 10 MB body: ${(reply.sentBytes / 1024 / 1024).toFixed(1)} MB written before the 413; server RSS ${(before / 1e6).toFixed(0)} → ${(after / 1e6).toFixed(0)} MB`);
  // Buffering it whole would add 10 MB of body and its copies; the cap is 64 KB.
  expect(after - before).toBeLessThan(8 * 1024 * 1024);
});

test('20 simultaneous wrong passwords get exactly the limit of guesses; a forged X-Forwarded-For buys none', async () => {
  const email = 'luca.rossi@example.ch';
  const results = await Promise.all(Array.from({ length: 20 }, () => signIn(app.baseUrl, email, 'wrong-password', '127.0.0.7')));
  expect(results.filter((r) => r === 'invalid')).toHaveLength(5);
  expect(results.filter((r) => r === 'rate_limited')).toHaveLength(15);

  // The same client claiming to be someone else is still the same client.
  const csrf = await send(app.baseUrl, { path: '/api/auth/csrf', from: '127.0.0.7' });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const forged = await send(app.baseUrl, {
    method: 'POST',
    path: '/api/auth/callback/credentials',
    from: '127.0.0.7',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; '),
      'x-forwarded-for': '198.51.100.99',
      'x-real-ip': '198.51.100.99',
    },
    body: new URLSearchParams({ csrfToken, email, password: DEMO_PASSWORD, callbackUrl: `${app.baseUrl}/` }).toString(),
  });
  expect(String(forged.headers.location)).toMatch(/code=rate_limited/);
});

test('the real user still signs in while their email is attacked from many addresses (slower, not locked out)', async () => {
  const email = 'claire.dubois@example.ch';
  // 5 wrong guesses from each of 4 addresses reach the per-email threshold (4 × 5); two more go past it.
  for (let a = 10; a < 14; a++) {
    for (let i = 0; i < 5; i++) expect(await signIn(app.baseUrl, email, `guess-${a}-${i}`, `127.0.0.${a}`)).toBe('invalid');
  }
  for (let i = 0; i < 2; i++) expect(await signIn(app.baseUrl, email, `guess-14-${i}`, '127.0.0.14')).toBe('invalid');
  const started = Date.now();
  expect(await signIn(app.baseUrl, email, DEMO_PASSWORD, '127.0.0.1')).toBe('ok');
  console.log(`sign-in of an attacked email took ${Date.now() - started} ms`);
});
