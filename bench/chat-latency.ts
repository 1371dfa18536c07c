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
 * that is already running instead. Also prints the concurrent TTFT p95 as a multiple of the
 * sequential one, and (for an app started here) the app's CPU per chat (from /proc), the burst
 * floor (the earliest any code could serve the concurrent p95 on this machine's cores,
 * lib/burst-floor.ts) and where each answer's time went, stage by stage, read from the answers'
 * traces once the app has stopped. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPglite } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { STAGES, type StageTimes } from '@/lib/observability/stage-times';
import { percentile } from '@/lib/eval/metrics';
import { loadQa } from '@/lib/eval/qa';
import { AppServer, hasProductionBuild } from './lib/app-server';
import { burstTtftFloorMs } from './lib/burst-floor';
import { exitCodeFor, handleInterrupts, throwIfInterrupted } from './lib/interrupt';
import { treeCpuMs } from './lib/process-cpu';
import { mixedQuestions, take } from './lib/questions';
import { chat, SESSION_COOKIE, Visitor, type Chat } from './lib/visitor';

const ROOT = path.resolve(__dirname, '..');
const TARGET_TTFT_P95_MS = 300;
const TARGET_GOLDEN_TTFT_P95_MS = 100;

// ---------------------------------------------------------------------------------------------
// Report

/** cpuMs: the app's CPU (every process and thread of it) during the scenario, when the app runs here. */
type Scenario = { name: string; chats: Chat[]; wallMs: number; cpuMs?: number };

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
  return renderTable(header, rows, new Set([0, header.length - 1]));
}

/** Columns padded to their widest cell: the ones in `left` aligned left, the rest right. */
function renderTable(header: string[], rows: string[][], left: Set<number>): string {
  const lines = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...lines.map((r) => (r[i] ?? '').length)));
  const render = (r: string[]) => r.map((c, i) => (left.has(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ').trimEnd();
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(render)].join('\n');
}

function targetLine(label: string, scenario: Scenario | undefined, targetMs: number): string {
  if (!scenario) return `${label} ≤ ${targetMs} ms: not measured (scenario skipped).`;
  const p95 = summarise(scenario).ttft.p95;
  if (!Number.isFinite(p95)) return `${label} ≤ ${targetMs} ms (${scenario.name}): not measured (no chat streamed text).`;
  return `${label} ≤ ${targetMs} ms (${scenario.name}): ${ms(p95)} ms — ${p95 <= targetMs ? 'met' : 'not met'}.`;
}

type TraceTimes = { conversationId: string; totalMs: number; stages: StageTimes };

/** Reads each answer's stage times from the traces the app stored (after it stopped: PGlite has one owner). */
async function readTraceTimes(pgliteDir: string): Promise<TraceTimes[]> {
  const database = await openPglite({ dataDir: pgliteDir });
  try {
    const rows = await queryRows<{ conversation_id: string; total_ms: number | null; stages: StageTimes | null }>(
      database.db,
      sql`select conversation_id, total_ms, details->'stagesMs' as stages from answer_traces`,
    );
    return rows.flatMap((r) => (r.stages && r.total_ms !== null ? [{ conversationId: r.conversation_id, totalMs: Number(r.total_ms), stages: r.stages }] : []));
  } finally {
    await database.close();
  }
}

/** Per scenario: mean ms per answer in each stage and its share of the answer's time ("other": what no stage covers). */
function stageTable(scenarios: Scenario[], traces: TraceTimes[]): string {
  const header = ['scenario', 'answers', ...STAGES, 'other', 'total'];
  const rows = scenarios.flatMap((s) => {
    const ids = new Set(s.chats.map((c) => c.conversationId));
    const mine = traces.filter((t) => ids.has(t.conversationId));
    if (mine.length === 0) return [];
    const mean = (f: (t: TraceTimes) => number) => mine.reduce((sum, t) => sum + f(t), 0) / mine.length;
    const total = mean((t) => t.totalMs);
    const cell = (ms: number) => `${ms.toFixed(1)} (${total > 0 ? Math.round((100 * ms) / total) : 0} %)`;
    const perStage = STAGES.map((stage) => mean((t) => t.stages[stage] ?? 0));
    const other = Math.max(0, total - perStage.reduce((a, b) => a + b, 0));
    return [[s.name, String(mine.length), ...perStage.map(cell), cell(other), total.toFixed(1)]];
  });
  return renderTable(header, rows, new Set([0]));
}

// ---------------------------------------------------------------------------------------------

/**
 * How close the burst came to the fastest any code could serve it on this machine: its chats'
 * CPU (as the app used it in the burst) spread over every core (lib/burst-floor.ts).
 */
function burstFloorLine(sequential: Scenario, concurrent: Scenario, cores: number): string {
  const cpuMsPerChat = (concurrent.cpuMs as number) / concurrent.chats.length;
  const floor = burstTtftFloorMs({ chats: concurrent.chats.length, cpuMsPerChat, cores });
  const sequentialP95 = summarise(sequential).ttft.p95;
  const measured = summarise(concurrent).ttft.p95;
  return (
    `Burst floor: ${concurrent.chats.length} chats × ${ms(cpuMsPerChat)} ms of app CPU on ${cores} cores — no code can give the p95 chat its first token before ` +
    `≈ ${ms(floor)} ms = ${(floor / sequentialP95).toFixed(2)}× the sequential TTFT p95; measured ${(measured / floor).toFixed(2)}× that floor.`
  );
}

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
  let baseUrl = values.url?.replace(/(?<!\/)\/+$/, '');
  handleInterrupts(() => server?.stopSync());

  try {
    if (!baseUrl) {
      if (!hasProductionBuild()) {
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
    // The app's CPU over a scenario, read from /proc before and after (an app started here only).
    const withCpu = async (run: () => Promise<Scenario>): Promise<Scenario> => {
      const before = server?.pid === undefined ? null : treeCpuMs(server.pid);
      const scenario = await run();
      const after = server?.pid === undefined ? null : treeCpuMs(server.pid);
      return before === null || after === null ? scenario : { ...scenario, cpuMs: after - before };
    };
    if (nSequential > 0) {
      scenarios.push(await withCpu(() => runSequential(`sequential (${langs}, ${unanswerable} unanswerable)`, baseUrl as string, visitor, sequentialQs.map((q) => q.question))));
    }

    if (nConcurrent > 0) {
      throwIfInterrupted();
      process.stderr.write(`concurrent: ${nConcurrent} at once…\n`);
      scenarios.push(
        await withCpu(async () => {
          const started = performance.now();
          // One visitor each: concurrent chats come from different people.
          const chats = await Promise.all(concurrentQs.map((q) => chat(baseUrl as string, new Visitor(), q.question)));
          return { name: `concurrent ×${nConcurrent}`, chats, wallMs: performance.now() - started };
        }),
      );
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
    const sequential = scenarios.find((s) => s.name.startsWith('sequential'));
    const concurrent = scenarios.find((s) => s.name.startsWith('concurrent'));
    if (sequential && concurrent) {
      // Absolute times do not travel between machines; this ratio, measured in one run, does.
      const ratio = summarise(concurrent).ttft.p95 / summarise(sequential).ttft.p95;
      console.log(`Concurrent TTFT p95 = ${Number.isFinite(ratio) ? ratio.toFixed(2) : '—'}× the sequential TTFT p95 (issue 18: ≤ 5×).`);
      if (concurrent.cpuMs !== undefined && concurrent.chats.length > 0) console.log(burstFloorLine(sequential, concurrent, cpus.length));
    }
    for (const s of scenarios) if (s.cpuMs !== undefined && s.chats.length > 0) console.log(`App CPU per chat, ${s.name}: ${ms(s.cpuMs / s.chats.length)} ms (all its threads, from /proc).`);
    console.log('Targets:');
    console.log(`  ${targetLine('TTFT p95', sequential, TARGET_TTFT_P95_MS)}`);
    console.log(`  ${targetLine('Golden-answer TTFT p95', goldenScenario, TARGET_GOLDEN_TTFT_P95_MS)}`);
    if (server) {
      // Stage times come from the answers' traces: wall time, so under concurrency they include waiting.
      const traces = await server.stopAndRead(readTraceTimes);
      console.log(`\nWhere an answer's time went, from the traces (mean ms per answer and share of its time; each stage's own time):\n`);
      console.log(stageTable(scenarios, traces));
    }
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = exitCodeFor(error);
});
