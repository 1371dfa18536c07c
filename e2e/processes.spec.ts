import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';

/** Runs a command to its exit (bounded), returning its code and combined output. */
function run(command: string, args: string[], env: Record<string, string>, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

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
  const errorLines = result.output.split('\n').filter((line) => line.includes('Lantern cannot start'));
  expect(errorLines).toEqual([
    expect.stringMatching(/^Lantern cannot start\. Invalid configuration: DATABASE_URL must be a PostgreSQL URL/),
  ]);
});
