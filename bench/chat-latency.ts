/**
 * npx tsx bench/chat-latency.ts [--sequential 50] [--concurrent 20] [--golden 30] [--warmup 3]
 *                               [--url http://host:port] [--openai] [--verbose]
 *
 * Chat latency through the built app, over HTTP, as a browser sees it: time to first token (first
 * 'text-delta' of the UI message stream) and time to the end of the stream, per scenario:
 *   - sequential: golden-set questions (mixed languages, answerable and unanswerable, no history);
 *   - concurrent: that many golden-set questions at once, one simulated visitor each;
 *   - golden answers: questions of content/seed/golden-answers.jsonl (expert answers, verbatim).
 * The app is started here (`next start` on a free port) with a fresh DATA_DIR: embedded PGlite,
 * local models, demo data seeded and content ingested on start. DATABASE_URL, PGLITE_DIR and
 * OPENAI_* are removed from its environment (--openai keeps OPENAI_*). --url benchmarks a server
 * that is already running instead. Prints figures; asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from '@/lib/eval/metrics';
import { loadQa, type QaItem } from '@/lib/eval/qa';
import { readUIMessageStream } from './lib/ui-stream';

const ROOT = path.resolve(__dirname, '..');
const READY_TIMEOUT_MS = 180_000;
const CHAT_TIMEOUT_MS = 120_000;
const SESSION_COOKIE = 'lantern-chat';
const TARGET_TTFT_P95_MS = 300;
const TARGET_GOLDEN_TTFT_P95_MS = 100;

/** Aborted by the first Ctrl-C (or SIGTERM): requests stop, the app is stopped, nothing is printed. */
const interrupt = new AbortController();

class Interrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`Interrupted (${signal}).`);
  }
}

function throwIfInterrupted() {
  if (interrupt.signal.aborted) throw interrupt.signal.reason;
}

// ---------------------------------------------------------------------------------------------
// The app under test

class AppServer {
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

  static async start({ verbose, keepModelEnv }: { verbose: boolean; keepModelEnv: boolean }): Promise<AppServer> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-chat-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'always', INGEST_ON_START: 'always', CHAT_RATE_LIMIT_PER_MINUTE: '1000000' }; // the bench is one visitor sending far more than a person would
    delete env.DATABASE_URL;
    delete env.PGLITE_DIR;
    if (!keepModelEnv) for (const key of Object.keys(env)) if (key.startsWith('OPENAI_')) delete env[key];
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
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.exited) {
        const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
        this.signal('SIGTERM');
        const timer = setTimeout(() => this.signal('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      this.removeDataDir();
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

function freePort(): Promise<number> {
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// Simulated visitors

/** A visitor's cookies (the anonymous chat ownership cookie among them), as a browser keeps them. */
class Visitor {
  private readonly cookies = new Map<string, string>();

  header(): string | undefined {
    return this.cookies.size === 0 ? undefined : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  hasSession(): boolean {
    return this.cookies.has(SESSION_COOKIE);
  }

  remember(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /;\s*max-age=0\b/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

type Chat = { ok: boolean; ttftMs: number | null; totalMs: number; outcome: string; error?: string };

const reported = new Set<string>();

/** Prints each kind of failure once (the first body of each HTTP status, each stream error). */
function reportOnce(key: string, message: string) {
  if (reported.has(key)) return;
  reported.add(key);
  console.log(`\n  ! ${message}`);
}

async function chat(baseUrl: string, visitor: Visitor, text: string): Promise<Chat> {
  const body = {
    conversationId: crypto.randomUUID(),
    message: { id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text }] },
  };
  const cookie = visitor.header();
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.any([AbortSignal.timeout(CHAT_TIMEOUT_MS), interrupt.signal]),
    });
    visitor.remember(response);
    if (!response.ok) {
      const errorBody = await response.text().catch(() => '');
      const totalMs = performance.now() - started;
      reportOnce(`http ${response.status}`, `HTTP ${response.status} for ${JSON.stringify(text)}: ${errorBody.slice(0, 500)}`);
      return { ok: false, ttftMs: null, totalMs, outcome: `http ${response.status}`, error: `HTTP ${response.status}` };
    }
    const stream = await readUIMessageStream(response, started);
    const outcome = typeof stream.metadata.outcome === 'string' ? stream.metadata.outcome : 'none';
    if (stream.errors.length > 0) {
      reportOnce(`stream ${stream.errors[0]}`, `error event in the stream for ${JSON.stringify(text)}: ${stream.errors[0]}`);
      return { ok: false, ttftMs: stream.ttftMs, totalMs: stream.totalMs, outcome, error: stream.errors[0] };
    }
    return { ok: true, ttftMs: stream.ttftMs, totalMs: stream.totalMs, outcome };
  } catch (error) {
    throwIfInterrupted();
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    reportOnce(`exception ${message}`, `request failed for ${JSON.stringify(text)}: ${message}`);
    return { ok: false, ttftMs: null, totalMs: performance.now() - started, outcome: 'failed', error: message };
  }
}

// ---------------------------------------------------------------------------------------------
// Questions

/** Deterministic pseudo-random numbers, so every run asks the same questions in the same order. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Golden-set questions without history, shuffled within each language, then languages interleaved. */
function mixedQuestions(items: QaItem[]): QaItem[] {
  const random = rng(7);
  const byLang = new Map<string, QaItem[]>();
  for (const item of items.filter((i) => !i.history?.length)) {
    const lang = item.lang ?? 'unknown';
    byLang.set(lang, [...(byLang.get(lang) ?? []), item]);
  }
  const queues = [...byLang.keys()].sort().map((lang) => shuffled(byLang.get(lang) ?? [], random));
  const out: QaItem[] = [];
  while (queues.some((q) => q.length > 0)) for (const q of queues) if (q.length > 0) out.push(q.shift() as QaItem);
  return out;
}

/** n items from `from`, wrapping around when the list is shorter. */
function take<T>(list: T[], from: number, n: number): T[] {
  return list.length === 0 ? [] : Array.from({ length: n }, (_, i) => list[(from + i) % list.length] as T);
}

// ---------------------------------------------------------------------------------------------
// Report

type Scenario = { name: string; chats: Chat[]; wallMs: number };

function stats(values: number[]) {
  return { p50: percentile(values, 50), p95: percentile(values, 95) };
}

function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : '—';
}

function summarise(s: Scenario) {
  const ttft = stats(s.chats.filter((c) => c.ok && c.ttftMs !== null).map((c) => c.ttftMs as number));
  const total = stats(s.chats.filter((c) => c.ok).map((c) => c.totalMs));
  const outcomes = new Map<string, number>();
  for (const c of s.chats) outcomes.set(c.outcome, (outcomes.get(c.outcome) ?? 0) + 1);
  const outcomeText = [...outcomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([o, n]) => `${o} ${n}`).join(', ');
  return { ttft, total, errors: s.chats.filter((c) => !c.ok).length, outcomeText };
}

function table(scenarios: Scenario[]): string {
  const header = ['scenario', 'n', 'errors', 'TTFT p50', 'TTFT p95', 'total p50', 'total p95', 'wall ms', 'outcomes'];
  const rows = scenarios.map((s) => {
    const x = summarise(s);
    return [s.name, String(s.chats.length), String(x.errors), ms(x.ttft.p50), ms(x.ttft.p95), ms(x.total.p50), ms(x.total.p95), ms(s.wallMs), x.outcomeText];
  });
  const lines = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...lines.map((r) => (r[i] ?? '').length)));
  const left = new Set([0, header.length - 1]);
  const render = (r: string[]) => r.map((c, i) => (left.has(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ').trimEnd();
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(render)].join('\n');
}

function targetLine(label: string, scenario: Scenario | undefined, targetMs: number): string {
  if (!scenario) return `${label} ≤ ${targetMs} ms: not measured (scenario skipped).`;
  const p95 = summarise(scenario).ttft.p95;
  if (!Number.isFinite(p95)) return `${label} ≤ ${targetMs} ms (${scenario.name}): not measured (no chat streamed text).`;
  return `${label} ≤ ${targetMs} ms (${scenario.name}): ${ms(p95)} ms — ${p95 <= targetMs ? 'met' : 'not met'}.`;
}

// ---------------------------------------------------------------------------------------------

async function runSequential(name: string, baseUrl: string, visitor: Visitor, questions: string[]): Promise<Scenario> {
  const chats: Chat[] = [];
  const started = performance.now();
  for (const [i, q] of questions.entries()) {
    throwIfInterrupted();
    chats.push(await chat(baseUrl, visitor, q));
    process.stderr.write(`\r${name}: ${i + 1}/${questions.length}`);
  }
  process.stderr.write('\n');
  return { name, chats, wallMs: performance.now() - started };
}

async function main() {
  const { values } = parseArgs({
    options: {
      sequential: { type: 'string', default: '50' },
      concurrent: { type: 'string', default: '20' },
      golden: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '3' },
      url: { type: 'string' },
      openai: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const count = (name: string, value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${value}`);
    return n;
  };
  const nSequential = count('sequential', values.sequential);
  const nConcurrent = count('concurrent', values.concurrent);
  const nGolden = count('golden', values.golden);
  const nWarmup = count('warmup', values.warmup);

  const questions = mixedQuestions(loadQa(path.join(ROOT, 'content', 'golden')));
  if (questions.length === 0) throw new Error('content/golden has no questions without history');
  const goldenFile = path.join(ROOT, 'content', 'seed', 'golden-answers.jsonl');
  const goldenQuestions = fs.existsSync(goldenFile) ? loadQa(goldenFile).filter((i) => !i.history?.length) : null;

  let server: AppServer | undefined;
  let baseUrl = values.url?.replace(/\/+$/, '');
  // First signal: abort the run, stop the app, exit. A second one: kill the app and exit now.
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) {
      server?.stopSync();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    console.error(`\n${signal}: stopping the app…`);
    interrupt.abort(new Interrupted(signal));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.once('exit', () => server?.stopSync());

  try {
    if (!baseUrl) {
      if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
        console.error('No production build: run `npm run build` first.');
        process.exitCode = 1;
        return;
      }
      console.log('Starting the app (fresh data directory: seeding demo data and ingesting content)…');
      server = await AppServer.start({ verbose: values.verbose, keepModelEnv: values.openai });
      baseUrl = server.baseUrl;
      const readyMs = await server.waitUntilReady();
      console.log(`Ready at ${baseUrl} after ${(readyMs / 1000).toFixed(1)} s.`);
    }

    const visitor = new Visitor();
    const sequentialQs = take(questions, 0, nSequential);
    const concurrentQs = take(questions, nSequential, nConcurrent);
    const warmupQs = take(questions, nSequential + nConcurrent, nWarmup);

    await runSequential('warm-up', baseUrl, visitor, warmupQs.map((q) => q.question));
    if (nWarmup > 0 && !visitor.hasSession()) console.log(`  (no ${SESSION_COOKIE} cookie was set during the warm-up)`);

    const scenarios: Scenario[] = [];
    const langs = [...new Set(sequentialQs.map((q) => q.lang))].sort().join('/');
    const unanswerable = sequentialQs.filter((q) => q.source_ids.length === 0).length;
    if (nSequential > 0) {
      scenarios.push(await runSequential(`sequential (${langs}, ${unanswerable} unanswerable)`, baseUrl, visitor, sequentialQs.map((q) => q.question)));
    }

    if (nConcurrent > 0) {
      throwIfInterrupted();
      process.stderr.write(`concurrent: ${nConcurrent} at once…\n`);
      const started = performance.now();
      // One visitor each: concurrent chats come from different people.
      const chats = await Promise.all(concurrentQs.map((q) => chat(baseUrl as string, new Visitor(), q.question)));
      scenarios.push({ name: `concurrent ×${nConcurrent}`, chats, wallMs: performance.now() - started });
    }

    let goldenScenario: Scenario | undefined;
    if (nGolden > 0) {
      if (!goldenQuestions) console.log(`\n${path.relative(ROOT, goldenFile)} does not exist: skipping the golden-answer scenario.`);
      else if (goldenQuestions.length === 0) console.log(`\n${path.relative(ROOT, goldenFile)} has no questions: skipping the golden-answer scenario.`);
      else {
        goldenScenario = await runSequential('golden answers', baseUrl, visitor, take(goldenQuestions, 0, nGolden).map((q) => q.question));
        scenarios.push(goldenScenario);
      }
    }

    const cpus = os.cpus();
    console.log(`\nChat latency in ms (TTFT: request start → first text delta; total: → end of stream). Errors are left out of the percentiles.\n`);
    console.log(table(scenarios));
    console.log(`\nMachine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${os.platform()} ${os.release()}, Node ${process.version}.`);
    console.log('Targets:');
    console.log(`  ${targetLine('TTFT p95', scenarios.find((s) => s.name.startsWith('sequential')), TARGET_TTFT_P95_MS)}`);
    console.log(`  ${targetLine('Golden-answer TTFT p95', goldenScenario, TARGET_GOLDEN_TTFT_P95_MS)}`);
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = error instanceof Interrupted ? (error.signal === 'SIGINT' ? 130 : 143) : 1;
});
