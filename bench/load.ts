/**
 * npx tsx bench/load.ts [--concurrency 50] [--seconds 60] [--only postgres|embedded] [--verbose]
 *
 * Load test over loopback HTTP against the built app, bounded in time:
 *   1. two instances on one PostgreSQL (a throwaway server, scripts/test-db), started together
 *      once a first run has prepared the database (migrations, demo data, content index);
 *   2. the embedded default: one instance on PGlite.
 * In each, `concurrency` simulated visitors chat for `seconds`: each sends a golden-set question,
 * reads the streamed answer to its end, and sends the next (four per conversation, then a new
 * one). Requests go round-robin over the instances, as a load balancer without sticky sessions
 * would send them, so one conversation's messages land on both. Local models throughout.
 *
 * Prints, per scenario: requests, errors (any non-200, error event or cut stream), throughput (also per core),
 * TTFT and total time percentiles, each instance's peak resident memory (process tree, sampled
 * every second), and what each instance's /api/metrics counted for /api/chat. Asserts nothing.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from '@/lib/eval/metrics';
import { loadQa } from '@/lib/eval/qa';
import { AppServer, hasProductionBuild } from './lib/app-server';
import { exitCodeFor, handleInterrupts, throwIfInterrupted } from './lib/interrupt';
import { sampleMemory } from './lib/process-memory';
import { mixedQuestions } from './lib/questions';
import { startThrowawayPostgres } from './lib/throwaway-postgres';
import { chat, Visitor, type Chat } from './lib/visitor';

const ROOT = path.resolve(__dirname, '..');
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const AUTH_SECRET = 'bench-auth-secret-0123456789-0123456789';
const MESSAGES_PER_CONVERSATION = 4;
const MEMORY_LIMIT_MB = 600;

type Timed = Chat & { instance: number };
type Result = {
  name: string;
  instances: AppServer[];
  chats: Timed[];
  wallMs: number;
  memory: { peak: number; last: number }[];
  metricsChat200: (number | null)[];
  heap: string[];
};

const servers: AppServer[] = [];

async function startApp(env: Record<string, string>, verbose: boolean): Promise<AppServer> {
  const app = await AppServer.start({ verbose, env: { METRICS_TOKEN, AUTH_SECRET, ...env } });
  servers.push(app);
  await app.waitUntilReady();
  return app;
}

async function metricsText(app: AppServer): Promise<string | null> {
  const response = await fetch(`${app.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return response.ok ? response.text() : null;
}

function metricValue(text: string | null, series: string): number | null {
  if (text === null) return null;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** `lantern_http_requests_total{route="/api/chat",status="200"}` from an instance's /api/metrics. */
async function chatRequestsCounted(app: AppServer): Promise<number | null> {
  return metricValue(await metricsText(app), 'lantern_http_requests_total{route="/api/chat",status="200"}');
}

/** Where an instance's memory is at the end, as Node reports it: JS heap, and external (PGlite's WebAssembly memory among it). */
async function heapBreakdown(app: AppServer): Promise<string> {
  const text = await metricsText(app);
  const mbOf = (series: string) => {
    const v = metricValue(text, series);
    return v === null ? 'n/a' : `${(v / 1024 / 1024).toFixed(0)} MB`;
  };
  return `heap ${mbOf('lantern_nodejs_heap_size_used_bytes')} used of ${mbOf('lantern_nodejs_heap_size_total_bytes')}, external ${mbOf('lantern_nodejs_external_memory_bytes')}`;
}

async function runLoad(name: string, instances: AppServer[], questions: string[], { concurrency, seconds }: { concurrency: number; seconds: number }): Promise<Result> {
  // A short warm-up per instance (first requests compile routes and fill caches); not counted.
  for (const app of instances) for (let i = 0; i < 3; i++) await chat(app.baseUrl, new Visitor(), questions[i % questions.length]!);
  const before = await Promise.all(instances.map(chatRequestsCounted));

  const samplers = instances.map((app) => sampleMemory(app.pid!));
  const chats: Timed[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let lastReport = 0;
  const visitor = async (v: number) => {
    const jar = new Visitor();
    let conversationId = crypto.randomUUID();
    for (let sent = 0; performance.now() < deadline; sent++) {
      throwIfInterrupted();
      if (sent > 0 && sent % MESSAGES_PER_CONVERSATION === 0) conversationId = crypto.randomUUID();
      const n = next++;
      const instance = n % instances.length;
      const question = questions[(v * 7 + sent) % questions.length]!;
      chats.push({ ...(await chat(instances[instance]!.baseUrl, jar, question, conversationId)), instance });
      const now = performance.now();
      if (now - lastReport > 5000) {
        lastReport = now;
        process.stderr.write(`\r${name}: ${Math.round((now - started) / 1000)} s, ${chats.length} answers, ${chats.filter((c) => !c.ok).length} errors   `);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, v) => visitor(v)));
  const wallMs = performance.now() - started;
  process.stderr.write('\n');
  const memory = samplers.map((s) => s.stop());
  const after = await Promise.all(instances.map(chatRequestsCounted));
  const heap = await Promise.all(instances.map(heapBreakdown));
  return {
    heap,
    name,
    instances,
    chats,
    wallMs,
    memory,
    metricsChat200: after.map((a, i) => (a === null || before[i] === null ? null : a - before[i]!)),
  };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function report(r: Result): string {
  const ok = r.chats.filter((c) => c.ok);
  const ttft = ok.filter((c) => c.ttftMs !== null).map((c) => c.ttftMs!);
  const total = ok.map((c) => c.totalMs);
  const outcomes = new Map<string, number>();
  for (const c of r.chats) outcomes.set(c.outcome, (outcomes.get(c.outcome) ?? 0) + 1);
  const lines = [
    `${r.name}`,
    // Per core: the figure that travels between machines of different sizes (the load generator shares the cores).
    `  answers ${r.chats.length}, errors ${r.chats.length - ok.length}, throughput ${(r.chats.length / (r.wallMs / 1000)).toFixed(1)} answers/s over ${(r.wallMs / 1000).toFixed(1)} s, ${(r.chats.length / (r.wallMs / 1000) / os.cpus().length).toFixed(1)} answers/s per core (${os.cpus().length} cores)`,
    `  TTFT p50 ${ms(percentile(ttft, 50))} ms, p95 ${ms(percentile(ttft, 95))} ms; total p50 ${ms(percentile(total, 50))} ms, p95 ${ms(percentile(total, 95))} ms`,
    `  outcomes: ${[...outcomes].sort((a, b) => b[1] - a[1]).map(([o, n]) => `${o} ${n}`).join(', ')}`,
  ];
  r.instances.forEach((_, i) => {
    const sent = r.chats.filter((c) => c.instance === i);
    const counted = r.metricsChat200[i];
    lines.push(
      `  instance ${i + 1}: ${sent.length} answers (${sent.filter((c) => c.ok).length} ok); /api/metrics counted ${counted ?? 'n/a'} /api/chat 200s; ` +
        `peak RSS ${mb(r.memory[i]!.peak)} MB (end ${mb(r.memory[i]!.last)} MB) — ${r.memory[i]!.peak < MEMORY_LIMIT_MB * 1024 * 1024 ? `under ${MEMORY_LIMIT_MB} MB` : `OVER ${MEMORY_LIMIT_MB} MB`}; at the end ${r.heap[i]}`,
    );
  });
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      concurrency: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '60' },
      only: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const concurrency = Number(values.concurrency);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a whole number ≥ 1');
  if (!(seconds > 0 && seconds <= 600)) throw new Error('--seconds must be between 1 and 600');
  if (values.only && !['postgres', 'embedded'].includes(values.only)) throw new Error('--only must be postgres or embedded');
  if (!hasProductionBuild()) throw new Error('No production build: run `npm run build` first.');

  let postgres: { url: string; stop: () => void } | undefined;
  handleInterrupts(() => {
    for (const s of servers) s.stopSync();
    postgres?.stop();
  });
  const questions = mixedQuestions(loadQa(path.join(ROOT, 'content', 'golden'))).map((q) => q.question);
  const results: Result[] = [];
  try {
    if (values.only !== 'embedded') {
      console.log('Two instances on one PostgreSQL: starting the server and preparing the database…');
      postgres = startThrowawayPostgres();
      // As an operator would: one run prepares the database (migrations, demo data, the index),
      // then the serving instances start with nothing to do but serve.
      const preparer = await startApp({ DATABASE_URL: postgres.url, SEED_DEMO: 'always', INGEST_ON_START: 'always' }, values.verbose);
      await preparer.stop();
      const serving = { DATABASE_URL: postgres.url, SEED_DEMO: 'never', INGEST_ON_START: 'never' };
      const [first, second] = await Promise.all([startApp(serving, values.verbose), startApp(serving, values.verbose)]);
      results.push(await runLoad(`two instances on one PostgreSQL, ${concurrency} concurrent streams`, [first, second], questions, { concurrency, seconds }));
      await Promise.all([first.stop(), second.stop()]);
      postgres.stop();
      postgres = undefined;
    }
    if (values.only !== 'postgres') {
      console.log('The embedded default: one instance on PGlite…');
      const app = await startApp({}, values.verbose);
      results.push(await runLoad(`embedded default (PGlite), one instance, ${concurrency} concurrent streams`, [app], questions, { concurrency, seconds }));
      await app.stop();
    }
    const cpus = os.cpus();
    console.log(`\nLoad test: ${concurrency} visitors chatting for ${seconds} s per scenario (loopback HTTP, local models).\n`);
    for (const r of results) console.log(`${report(r)}\n`);
    console.log(`Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}. The load generator runs on the same machine.`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    postgres?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = exitCodeFor(error);
});
