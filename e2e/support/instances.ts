import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import postgres from 'postgres';

/**
 * Extra app instances for e2e specs that need PostgreSQL: a throwaway database on the test
 * server (TEST_DATABASE_URL, which npm test starts) and `next start` processes pointed at it.
 * The built app is the one the main e2e server runs (npm test builds once).
 */

/** The shared AUTH_SECRET of instances started here: several instances must share one. */
export const INSTANCE_AUTH_SECRET = 'e2e-instances-secret-0123456789-abcdef';
export const INSTANCE_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

export type TestDatabase = { url: string; admin: postgres.Sql; drop(): Promise<void> };

/** A new empty database on the test server; drop() removes it (connections are forced out). */
export async function createTestDatabase(prefix = 'lantern_e2e'): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set (npm test starts a PostgreSQL and sets it)');
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const server = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name}`);
  await server.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return {
    url: url.toString(),
    admin,
    async drop() {
      await admin.end({ timeout: 5 });
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type Instance = {
  port: number;
  baseUrl: string;
  process: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Stops the process (SIGTERM by default) and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
};

/**
 * Starts `next start` on a free port with the given environment and waits until
 * /api/health answers 200 (or the process exits, which rejects with its output).
 * With `npmStart`, through scripts/start.mjs as `npm start` does (which picks the listening address);
 * `port` when the caller must know it beforehand (e.g. to register a redirect URL).
 */
export async function startInstance(env: Record<string, string>, { readyTimeoutMs = 60_000, npmStart = false, port: fixedPort }: { readyTimeoutMs?: number; npmStart?: boolean; port?: number } = {}): Promise<Instance> {
  const port = fixedPort ?? (await freePort());
  const command = npmStart ? ['scripts/start.mjs'] : ['node_modules/next/dist/bin/next', 'start'];
  const child = spawn(process.execPath, [...command, '-p', String(port)], {
    env: {
      ...process.env,
      AUTH_SECRET: INSTANCE_AUTH_SECRET,
      METRICS_TOKEN: INSTANCE_METRICS_TOKEN,
      // The e2e server's embedded data dir must not be touched by these instances.
      DATA_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  let ready = false;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!ready && !gone && Date.now() < deadline) {
    const status = await fetch(`${baseUrl}/api/health`).then((r) => r.status, () => 0);
    if (status === 200) ready = true;
    else await new Promise((r) => setTimeout(r, 250));
  }
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`instance on port ${port} did not become ready:\n${output.slice(-4000)}`);
  }
  return {
    port,
    baseUrl,
    process: child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Prepares a database the way an operator would before starting N instances: migrations,
 * demo accounts, golden answers and customers (SEED_DEMO=always), and the content index,
 * by starting one instance that does it at start and stopping it.
 */
export async function startPreparedInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  return startInstance({ DATABASE_URL: databaseUrl, SEED_DEMO: 'always', INGEST_ON_START: 'always', ...env });
}
