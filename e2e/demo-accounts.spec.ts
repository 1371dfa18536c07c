import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD } from './helpers';
import { signInApi } from './support/api';
import { freePort, startInstance, type Instance } from './support/instances';
import { runToExit as runCommandToExit } from './support/run-to-exit';

/**
 * Demo accounts (published password) are safe by default: a fresh `npm start` serves them on
 * loopback only; on a network address it refuses unless the operator opts in; SEED_DEMO=never
 * disables them (and ends their sessions) on an install that has them. One embedded data dir,
 * one instance at a time (it has one owner), through the tests below in order.
 */
test.describe.configure({ mode: 'serial' });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-demo-'));
const base = { DATA_DIR: dataDir, INGEST_ON_START: 'never', LOG_LEVEL: 'info' };

/** This machine's first non-loopback IPv4 address, if it has one. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

function logLines(output: string): { level: string; msg: string }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { level: string; msg: string }];
      } catch {
        return [];
      }
    });
}

/** How a request to this address ends: an HTTP status, or the connection error's code. */
async function reach(address: string, port: number): Promise<number | string> {
  try {
    return (await fetch(`http://${address}:${port}/api/health`, { signal: AbortSignal.timeout(10_000) })).status;
  } catch (error) {
    return ((error as { cause?: { code?: string } }).cause?.code ?? String(error)) as string;
  }
}

/** `npm start`'s script to its exit (bounded), for starts that must refuse. */
async function runToExit(env: Record<string, string>, timeoutMs = 90_000) {
  return runCommandToExit(process.execPath, ['scripts/start.mjs', '-p', String(await freePort())], env, timeoutMs);
}

let instance: Instance | undefined;
/** A copy of the demo admin's session cookie, taken while demo accounts were on. */
let adminCookie: string | undefined;

test.afterEach(async () => {
  await instance?.stop();
  instance = undefined;
});

test.afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a fresh npm start with demo data listens on loopback only, and says so', async () => {
  test.setTimeout(180_000);
  instance = await startInstance(base, { npmStart: true, readyTimeoutMs: 150_000 });
  // The output pipe may lag behind the health answer.
  await expect.poll(() => instance!.output()).toContain('Lantern ready');
  const notice = logLines(instance.output()).filter((l) => l.msg.includes('published password'));
  expect(notice).toEqual([
    expect.objectContaining({ level: 'info', msg: expect.stringMatching(/^7 demo accounts with the published password active: listening on 127\.0\.0\.1 only/) }),
  ]);
  expect(await reach('127.0.0.1', instance.port)).toBe(200);
  if (networkAddress) expect(await reach(networkAddress, instance.port)).toBe('ECONNREFUSED');
  else test.info().annotations.push({ type: 'note', description: 'no non-loopback address on this machine: only the log line was checked' });
});

test('HOST on a network address with demo accounts active: the start refuses, naming the two ways out', async () => {
  test.setTimeout(120_000);
  const result = await runToExit({ ...base, HOST: '0.0.0.0' });
  expect(result.code).toBe(1);
  const fatal = logLines(result.output).filter((l) => l.level === 'fatal');
  expect(fatal).toHaveLength(1);
  expect(fatal[0]!.msg).toMatch(/^Lantern cannot start\. 7 demo accounts with the published password active, and the server would listen on every interface/);
  expect(fatal[0]!.msg).toContain('SEED_DEMO=never');
  expect(fatal[0]!.msg).toContain('DEMO_ON_NETWORK=allow');
});

test('with DEMO_ON_NETWORK=allow it serves on the network, with a warning', async ({ playwright }) => {
  test.setTimeout(120_000);
  instance = await startInstance({ ...base, HOST: '0.0.0.0', DEMO_ON_NETWORK: 'allow' }, { npmStart: true, readyTimeoutMs: 100_000 });
  await expect.poll(() => instance!.output()).toContain('Lantern ready');
  const warning = logLines(instance.output()).filter((l) => l.msg.includes('DEMO_ON_NETWORK=allow'));
  expect(warning).toEqual([expect.objectContaining({ level: 'warn' })]);
  if (networkAddress) expect(await reach(networkAddress, instance.port)).toBe(200);

  const api = await playwright.request.newContext();
  await signInApi(api, instance.baseUrl, DEMO.admin);
  expect((await api.get(`${instance.baseUrl}/api/admin/users`)).status()).toBe(200);
  adminCookie = (await api.storageState()).cookies.filter((c) => c.name.endsWith('authjs.session-token')).map((c) => `${c.name}=${c.value}`).join('; ');
  expect(adminCookie).not.toBe('');
  await api.dispose();
});

test('SEED_DEMO=never disables the demo accounts already seeded: sessions end, sign-in fails, no hint; turning it back on re-enables them', async ({ playwright }) => {
  test.setTimeout(180_000);
  expect(adminCookie, 'the previous test took a session cookie').toBeDefined();
  instance = await startInstance({ ...base, SEED_DEMO: 'never' }, { npmStart: true, readyTimeoutMs: 100_000 });
  await expect.poll(() => instance!.output()).toContain('7 demo accounts disabled (SEED_DEMO=never)');
  // No demo accounts left: npm start's default is every interface again.
  if (networkAddress) expect(await reach(networkAddress, instance.port)).toBe(200);

  const stale = await playwright.request.newContext({ extraHTTPHeaders: { cookie: adminCookie! } });
  expect((await stale.get(`${instance.baseUrl}/api/admin/users`)).status()).toBe(401);
  const api = await playwright.request.newContext();
  await expect(signInApi(api, instance.baseUrl, DEMO.admin)).rejects.toThrow(/sign-in as admin@alpenwave\.example failed/);
  const login = await (await api.get(`${instance.baseUrl}/login`)).text();
  expect(login).not.toContain(DEMO_PASSWORD);
  expect(login).not.toContain(DEMO.admin);
  await instance.stop();

  instance = await startInstance(base, { npmStart: true, readyTimeoutMs: 100_000 });
  await expect.poll(() => instance!.output()).toContain('7 demo accounts re-enabled');
  await signInApi(api, instance.baseUrl, DEMO.admin);
  expect((await api.get(`${instance.baseUrl}/api/admin/users`)).status()).toBe(200);
  expect(await (await api.get(`${instance.baseUrl}/login`)).text()).toContain(DEMO_PASSWORD);
  // A session ended by disabling stays ended.
  expect((await stale.get(`${instance.baseUrl}/api/admin/users`)).status()).toBe(401);
  await Promise.all([api.dispose(), stale.dispose()]);
});
