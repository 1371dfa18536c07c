import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { runToExit as run } from './support/run-to-exit';

const dataDir = process.env.E2E_DATA_DIR!;

test.describe('one owner per embedded database', () => {
  test('a second server on the same data dir fails fast, and the first keeps serving', async ({ request }) => {
    const second = await run('npx', ['next', 'start', '-p', '0'], { DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/Lantern cannot start\. The embedded database at .* is already in use by process \d+/);
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
  });

  test('a CLI on the running app’s data dir is refused with the owner’s name', async ({ request }) => {
    const cli = await run('npx', ['tsx', 'scripts/user-create.ts', '--email', 'late@example.com', '--role', 'expert'], {
      DATA_DIR: dataDir,
    });
    expect(cli.code).toBe(1);
    expect(cli.output).toMatch(/already in use by process \d+ \(.*next start/);
    expect((await request.get('/api/health')).status()).toBe(200);
  });
});

test('invalid configuration exits with one line naming the variable', async () => {
  const result = await run('npx', ['next', 'start', '-p', '0'], { DATABASE_URL: 'nonsense', DATA_DIR: dataDir });
  expect(result.code).toBe(1);
  // Logs are JSON lines (pino): exactly one fatal line, naming the variable.
  const errorLines = result.output.split('\n').filter((line) => line.includes('Lantern cannot start'));
  expect(errorLines.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({
      level: 'fatal',
      msg: expect.stringMatching(/^Lantern cannot start\. Invalid configuration: DATABASE_URL must be a PostgreSQL URL/),
    }),
  ]);
});

test('with DATABASE_URL the app migrates and serves on PostgreSQL', async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, 'needs TEST_DATABASE_URL (npm test provides one)');
  const { default: postgres } = await import('postgres');
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  const name = `lantern_e2e_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const port = String(40000 + Math.floor(Math.random() * 20000));
  const server = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', port], {
    env: { ...process.env, DATABASE_URL: url.toString(), AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e', METRICS_TOKEN: 'e2e-metrics-token-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  try {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status, { timeout: 30_000 })
      .toBe(200);
    // The details are for the metrics token (anonymous callers get the verdict only).
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { authorization: 'Bearer e2e-metrics-token-0123456789' } })).json();
    expect(health.database).toMatchObject({ kind: 'postgres', reachable: true, migrations: { pending: 0 } });
    expect(output).toContain('Lantern ready: PostgreSQL');
    // Demo accounts are seeded on the embedded default only.
    expect(output).not.toContain('demo accounts seeded');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.on('exit', resolve));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
