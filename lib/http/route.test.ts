import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '@/lib/db/client';
import { openPglite } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { PEER_ADDRESS_HEADER } from './peer-address';

// The wrapper's collaborators that need a Next request scope are replaced; the rate limits run
// on a real (in-memory) database.
const state = vi.hoisted(() => ({
  access: { ok: false, reason: 'unauthenticated' } as unknown,
  visitor: null as unknown,
  database: undefined as unknown,
}));
vi.mock('@/lib/auth/guard', () => ({ checkAccess: vi.fn(async () => state.access) }));
vi.mock('@/lib/chat/owner', () => ({ resolveChatIdentity: vi.fn(async ({ create }: { create: boolean }) => state.visitor ?? (create ? newVisitor : null)) }));
vi.mock('@/lib/db', () => ({ getDatabase: vi.fn(async () => state.database) }));

const { route } = await import('./route');
const { ApiError } = await import('./api-error');

const newVisitor = { owner: { kind: 'anon', anonKey: 'fresh' }, signedIn: false, userId: null, created: true };
const returning = { owner: { kind: 'anon', anonKey: 'k1' }, signedIn: false, userId: null, created: false };
const staff = { id: '00000000-0000-4000-8000-000000000001', email: 'e@x.co', name: 'E', role: 'expert' };

function request(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new NextRequest(new URL(url, 'http://localhost'), {
    method: init.method ?? 'GET',
    body: init.body,
    headers: { [PEER_ADDRESS_HEADER]: '192.0.2.1', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
}
const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('route()', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await migrateDatabase(database);
    state.database = database;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(() => {
    state.access = { ok: false, reason: 'unauthenticated' };
    state.visitor = null;
    process.env.CHAT_RATE_LIMIT_PER_MINUTE = '30';
  });

  it('validates params, query and body, naming the field, before the handler runs', async () => {
    const handler = vi.fn(async () => Response.json({ ok: true }));
    const get = route({ name: '/t', access: { anyone: true }, params: z.object({ id: z.uuid() }), query: z.object({ k: z.coerce.number().max(5) }) }, handler);
    expect(await json(await get(request('/t?k=9'), { params: Promise.resolve({ id: 'nope' }) }))).toMatchObject({ status: 400, body: { error: { code: 'bad_request', message: expect.stringMatching(/^id: /) } } });
    expect(await json(await get(request('/t?k=9'), { params: Promise.resolve({ id: crypto.randomUUID() }) }))).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/^k: /) } } });
    const post = route({ name: '/t', access: { anyone: true }, body: { schema: z.object({ n: z.number() }), maxBytes: 32 } }, handler);
    expect((await post(request('/t', { method: 'POST', body: '{"n":"x"}' }), {})).status).toBe(400);
    expect((await post(request('/t', { method: 'POST', body: JSON.stringify({ n: 1, pad: 'x'.repeat(40) }) }), {})).status).toBe(413);
    expect(handler).not.toHaveBeenCalled();
    const accepted = await post(request('/t', { method: 'POST', body: '{"n":1}' }), {});
    expect(await json(accepted)).toEqual({ status: 200, body: { ok: true } });
    expect(accepted.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(accepted.headers.get('x-request-id')).toBeTruthy();
  });

  it('refuses a caller without the permission: 401 for nobody, 403 for the wrong role', async () => {
    const handler = vi.fn(async () => Response.json({}));
    const get = route({ name: '/t', access: { permission: 'golden:write' } }, handler);
    expect(await json(await get(request('/t'), {}))).toMatchObject({ status: 401, body: { error: { code: 'unauthenticated' } } });
    state.access = { ok: false, reason: 'forbidden', user: staff };
    expect(await json(await get(request('/t'), {}))).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
    expect(handler).not.toHaveBeenCalled();
    state.access = { ok: true, user: staff };
    expect((await get(request('/t'), {})).status).toBe(200);
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ caller: { address: '192.0.2.1', user: staff } }));
  });

  it('lets the metrics token in where the route allows it, and only there', async () => {
    process.env.METRICS_TOKEN = 'route-test-metrics-token';
    vi.resetModules();
    const fresh = (await import('./route')).route;
    const handler = async () => Response.json({});
    const metricsRoute = fresh({ name: '/m', access: { permission: 'insights:read', metricsToken: true } }, handler);
    const other = fresh({ name: '/o', access: { permission: 'insights:read' } }, handler);
    const bearer = { authorization: 'Bearer route-test-metrics-token' };
    expect((await metricsRoute(request('/m', { headers: bearer }), {})).status).toBe(200);
    expect((await metricsRoute(request('/m', { headers: { authorization: 'Bearer wrong-token-of-same-len' } }), {})).status).toBe(401);
    expect((await other(request('/o', { headers: bearer }), {})).status).toBe(401);
    delete process.env.METRICS_TOKEN;
  });

  it('lets a bearer token from the config in, refusing a wrong or missing one with the route’s message', async () => {
    const token = 'route-test-bearer-token-0123456789';
    const handler = vi.fn(async () => Response.json({ ok: true }, { status: 201 }));
    const post = (config: { token?: string }, headers: Record<string, string> = {}) =>
      route({ name: '/b', access: { bearerToken: () => config.token, message: 'Send the test token as a bearer token.' } }, handler)(request('/b', { method: 'POST', headers }), {});
    expect(await json(await post({ token }, { authorization: `Bearer ${token}` }))).toEqual({ status: 201, body: { ok: true } });
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ caller: { address: '192.0.2.1' } }));
    handler.mockClear();
    const refused = { status: 401, body: { error: { code: 'unauthenticated', message: 'Send the test token as a bearer token.' } } };
    expect(await json(await post({ token }, { authorization: `Bearer ${'x'.repeat(token.length)}` }))).toMatchObject(refused);
    expect(await json(await post({ token }, { authorization: 'Bearer wrong' }))).toMatchObject(refused);
    expect(await json(await post({ token }))).toMatchObject(refused);
    // No token configured: nobody gets in, not even with an empty bearer.
    expect(await json(await post({}, { authorization: `Bearer ${token}` }))).toMatchObject(refused);
    expect(await json(await post({}, { authorization: 'Bearer ' }))).toMatchObject(refused);
    expect(await json(await post({ token: '' }, { authorization: 'Bearer ' }))).toMatchObject(refused);
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads the bearer token from the config, and answers 404 with `disabled` while it is unset', async () => {
    const handler = vi.fn(async () => Response.json({}));
    const access = { bearerToken: (config: { handoffApiToken?: string }) => config.handoffApiToken, message: 'Send the token.', disabled: 'The API is not enabled.' };
    const post = route({ name: '/d', access }, handler);
    expect(await json(await post(request('/d', { method: 'POST', headers: { authorization: 'Bearer anything' } }), {}))).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', message: 'The API is not enabled.' } },
    });
    process.env.HANDOFF_API_TOKEN = 'route-test-handoff-token-0123456789';
    vi.resetModules();
    const fresh = (await import('./route')).route({ name: '/d', access }, handler);
    expect((await fresh(request('/d', { method: 'POST', headers: { authorization: 'Bearer route-test-handoff-token-0123456789' } }), {})).status).toBe(200);
    expect(await json(await fresh(request('/d', { method: 'POST', headers: { authorization: 'Bearer wrong' } }), {}))).toMatchObject({ status: 401, body: { error: { message: 'Send the token.' } } });
    delete process.env.HANDOFF_API_TOKEN;
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('asks customers to sign in with the route’s own message', async () => {
    const get = route({ name: '/t', access: { customer: 'Sign in to see this.' } }, async () => Response.json({}));
    state.visitor = returning;
    expect(await json(await get(request('/t'), {}))).toMatchObject({ status: 401, body: { error: { message: 'Sign in to see this.' } } });
  });

  it('counts cookie-less requests from one address in one budget, like one visitor with a cookie', async () => {
    const post = route({ name: '/c', access: { visitor: 'create' }, limit: 'chat' }, async () => Response.json({}));
    const send = (address: string) => post(request('/c', { method: 'POST', headers: { [PEER_ADDRESS_HEADER]: address } }), {});
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await send('198.51.100.7')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const refused = await send('198.51.100.7');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address has its own budget; a returning visitor on the busy address has theirs (until the address's own cap).
    expect((await send('198.51.100.8')).status).toBe(200);
    state.visitor = returning;
    expect((await send('198.51.100.7')).status).toBe(200);
  });

  it('maps thrown errors: ApiError as given, zod as 400, anything else as 500 with the request id', async () => {
    const throwing = (error: unknown) => route({ name: '/e', access: { anyone: true } }, async () => { throw error; });
    expect(await json(await throwing(new ApiError(409, 'bad_request', 'taken'))(request('/e'), {}))).toMatchObject({ status: 409, body: { error: { message: 'taken' } } });
    const zodError = z.object({ a: z.string() }).safeParse({}).error;
    expect(await json(await throwing(zodError)(request('/e'), {}))).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/^a: /) } } });
    const crashed = await throwing(new Error('secret detail'))(request('/e', { headers: { 'x-request-id': 'req-12345678' } }), {});
    const body = await crashed.json();
    expect(crashed.status).toBe(500);
    expect(body.error.message).toContain('req-12345678');
    expect(body.error.message).not.toContain('secret detail');
  });
});
