import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { interrupt, throwIfInterrupted } from './interrupt';

/** The built app started for a benchmark: `next start` on a free loopback port, in its own process group. */

const ROOT = path.resolve(__dirname, '..', '..');
const READY_TIMEOUT_MS = 180_000;

export function hasProductionBuild(): boolean {
  return fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'));
}

export class AppServer {
  private readonly logTail: string[] = [];
  private stopping: Promise<void> | undefined;
  private removed = false;

  private constructor(
    readonly baseUrl: string,
    private readonly child: ChildProcess,
    private readonly dataDir: string,
    verbose: boolean,
  ) {
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (verbose) process.stderr.write(text);
      this.logTail.push(...text.split('\n').filter((l) => l.trim()));
      this.logTail.splice(0, Math.max(0, this.logTail.length - 40));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /**
   * `env` is applied last: pass DATABASE_URL to run on PostgreSQL (otherwise DATABASE_URL and
   * PGLITE_DIR are removed: a fresh embedded database in a temporary DATA_DIR).
   */
  static async start({ verbose, keepModelEnv = false, env: extra = {} }: { verbose: boolean; keepModelEnv?: boolean; env?: Record<string, string> }): Promise<AppServer> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-app-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'always', INGEST_ON_START: 'always', CHAT_RATE_LIMIT_PER_MINUTE: '1000000' }; // a bench visitor sends far more than a person would
    delete env.DATABASE_URL;
    delete env.PGLITE_DIR;
    if (!keepModelEnv) for (const key of Object.keys(env)) if (key.startsWith('OPENAI_')) delete env[key];
    Object.assign(env, extra);
    // Its own process group, so stop() can end next and anything it forks, and a Ctrl-C in the
    // terminal reaches only this script (which then stops the server itself).
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new AppServer(`http://127.0.0.1:${port}`, child, dataDir, verbose);
  }

  /** The `next start` process (its children, if any, are in its process group). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** Polls GET /api/health until it answers 200 with status 'ok' (and ready, if it says). */
  async waitUntilReady(): Promise<number> {
    const started = performance.now();
    let last = 'no answer yet';
    while (performance.now() - started < READY_TIMEOUT_MS) {
      throwIfInterrupted();
      if (this.exited) throw new Error(`the app exited while starting (${last}). Its last output:\n${this.output()}`);
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.any([AbortSignal.timeout(5_000), interrupt.signal]) });
        const body = await response.text();
        if (response.status === 200 && isReady(body)) return performance.now() - started;
        last = `health ${response.status}: ${body.slice(0, 200)}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      await sleep(500);
    }
    throw new Error(`the app was not ready after ${READY_TIMEOUT_MS / 1000} s (${last}). Its last output:\n${this.output()}`);
  }

  output(): string {
    return this.logTail.map((l) => `  | ${l}`).join('\n');
  }

  /** SIGTERM to the process group, SIGKILL after 10 s, then the data directory is removed. */
  async stop(): Promise<void> {
    await this.terminate();
    this.removeDataDir();
  }

  /**
   * Stops the app, then reads its embedded database (now that no other process owns it), then
   * removes the data directory. Only for an app started here on PGlite.
   */
  async stopAndRead<T>(read: (pgliteDir: string) => Promise<T>): Promise<T> {
    await this.terminate();
    try {
      return await read(path.join(this.dataDir, 'pglite'));
    } finally {
      this.removeDataDir();
    }
  }

  private terminate(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.exited) return;
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.signal('SIGTERM');
      const timer = setTimeout(() => this.signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    })();
    return this.stopping;
  }

  /** Last resort (process exit, a second Ctrl-C): nothing asynchronous can run any more. */
  stopSync(): void {
    if (!this.exited) this.signal('SIGKILL');
    this.removeDataDir();
  }

  private removeDataDir() {
    if (this.removed) return;
    this.removed = true;
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  private signal(signal: NodeJS.Signals) {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

function isReady(body: string): boolean {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json !== 'object' || json === null) return false;
    const status = json as { status?: unknown; ready?: unknown };
    return status.status === 'ok' && (status.ready === undefined || status.ready === true);
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
