import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instrumentRoute } from './instrument-route';
import { createLogger, log, setLoggerForTests } from './logger';
import { metrics } from './metrics';

/** Captures the process logger's JSON lines. */
function captureLogs(): { lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  setLoggerForTests(createLogger({ level: 'info', destination }));
  return {
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('instrumentRoute', () => {
  let logs: ReturnType<typeof captureLogs>;
  beforeEach(() => {
    logs = captureLogs();
  });
  afterEach(() => setLoggerForTests(undefined));

  it('gives each request an id: on the response and on every log line written while handling it', async () => {
    const route = instrumentRoute<[Request]>('/t/logs', async () => {
      log().info({ step: 1 }, 'inside the handler');
      await new Promise((resolve) => setTimeout(resolve, 5));
      log().info({ step: 2 }, 'after an await');
      return Response.json({ ok: true });
    });
    const response = await route(new Request('http://x/t/logs'));
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logs.lines();
    expect(lines.map((l) => l.msg)).toEqual(['inside the handler', 'after an await', 'request']);
    for (const line of lines) expect(line).toMatchObject({ requestId: id, route: '/t/logs', service: 'lantern' });
    expect(lines.at(-1)).toMatchObject({ level: 'info', status: 200, method: 'GET' });
  });

  it('keeps a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const route = instrumentRoute<[Request]>('/t/id', async () => new Response('ok'));
    const kept = await route(new Request('http://x/', { headers: { 'x-request-id': 'lb-0123456789abcdef' } }));
    expect(kept.headers.get('x-request-id')).toBe('lb-0123456789abcdef');
    const replaced = await route(new Request('http://x/', { headers: { 'x-request-id': 'bad id {"level":"fatal"}' } }));
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts requests by status and answers a thrown error with a JSON 500 naming the request id', async () => {
    const ok = instrumentRoute<[Request]>('/t/ok', async () => new Response('x', { status: 201 }));
    const boom = instrumentRoute<[Request]>('/t/boom', async () => {
      throw new Error('boom');
    });
    await ok(new Request('http://x/'));
    const failed = await boom(new Request('http://x/'));
    expect(failed.status).toBe(500);
    const body = (await failed.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('internal');
    expect(body.error.message).toContain(failed.headers.get('x-request-id'));
    const text = await metrics().registry.metrics();
    expect(text).toContain('lantern_http_requests_total{route="/t/ok",status="201"} 1');
    expect(text).toContain('lantern_http_requests_total{route="/t/boom",status="500"} 1');
    expect(text).toMatch(/lantern_http_request_duration_seconds_count\{route="\/t\/ok"\} 1/);
    expect(logs.lines().find((l) => l.msg === 'unhandled error')).toMatchObject({ level: 'error', error: { message: 'boom' } });
  });

  it('answers 503 with Retry-After when the database cannot be reached', async () => {
    const down = instrumentRoute<[Request]>('/t/down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const response = await down(new Request('http://x/'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unavailable');
  });

  it('redacts secrets even when a caller logs them by mistake', () => {
    log().info({ password: 'hunter2', user: { apiKey: 'sk-live-1' }, headers: { cookie: 'session=abc', authorization: 'Bearer t' } }, 'oops');
    const line = JSON.stringify(logs.lines()[0]);
    for (const secret of ['hunter2', 'sk-live-1', 'session=abc', 'Bearer t']) expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
  });
});
