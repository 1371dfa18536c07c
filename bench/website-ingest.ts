/**
 * npm run bench:ingest-site [-- --pages 1000]
 *
 * Website ingest on the built-in models, end to end over loopback HTTP: the test site
 * (lib/rag/ingest/website/test-site.ts: a sitemap, robots.txt and N generated en/de help pages
 * with ETag and Last-Modified) is crawled through its sitemap and indexed into a fresh embedded
 * database (PGlite in a temporary folder, removed at the end), with no pause between requests.
 *   1. first ingest: pages, chunks written, wall time, pages/s; memory (RSS and heapUsed) sampled
 *      every 100 ms, and heapUsed at 25/50/75/100 % of the pages crawled;
 *   2. the same again with nothing changed (every page answers 304): wall time, pages/s, requests;
 *   3. after 10 pages changed and 5 removed: added/updated/unchanged/deleted and wall time.
 * Each run's time is split by the ingest's own progress events: crawl (until the last page is
 * read), chunk + embed, writing the chunks, then the rest of the transaction (vector index, word
 * statistics, crawl state, commit). The site runs in this process: its request log counts the
 * requests, and its memory is in the figures. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createEmbedder } from '@/lib/ai/models';
import { openPglite, type Database } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { runIngest, type IngestProgress, type IngestResult } from '@/lib/rag/ingest/run';
import { CRAWL_DEFAULTS } from '@/lib/rag/ingest/website';
import { startTestSite, type TestSite } from '@/lib/rag/ingest/website/test-site';
import { collectGarbage } from '@/lib/runtime/collect-garbage';
import { exitCodeFor, handleInterrupts, interrupt, throwIfInterrupted } from './lib/interrupt';

const USAGE = `Usage: npm run bench:ingest-site [-- --pages 1000]

Crawls and indexes a generated test site (sitemap, robots.txt, N en/de pages on 127.0.0.1) into a
fresh embedded database with the built-in models, three times: a first full ingest (memory sampled
every 100 ms), again with nothing changed (all 304), and after 10 pages changed and 5 removed.
Prints pages, chunks, requests, wall time and its split into crawl, embed and write; asserts nothing.

  --pages N   pages on the test site (at least 15; default 1000)
  -h, --help  this text`;

const CHANGED = 10;
const REMOVED = 5;
const SAMPLE_EVERY_MS = 100;

class UsageError extends Error {}

type Mem = { rss: number; heapUsed: number };
type Phases = { crawl: number; embed: number; write: number; rest: number };
type Run = { label: string; result: IngestResult; wallMs: number; phases: Phases; requests: number; byStatus: string };

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

function s(ms: number): string {
  return (ms / 1000).toFixed(2);
}

function memory(): Mem {
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const render = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [render(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(render)].join('\n');
}

/**
 * One ingest of the site, timed, its wall time split at the last progress event of each phase:
 * 'scan' is the crawl, then 'embed' (chunking happens before the first embed event), then 'write'
 * (chunk inserts, in the transaction); after the last write event come the vector index, the word
 * statistics, the crawl state and the commit. A phase with no events takes no time. `excludedMs`:
 * time the bench itself spent inside the crawl's progress events, left out of the crawl and the wall.
 */
async function ingestSite(
  label: string,
  database: Database,
  site: TestSite,
  pages: number,
  { onProgress, excludedMs = () => 0 }: { onProgress?: (p: IngestProgress) => void; excludedMs?: () => number } = {},
): Promise<Run> {
  const from = site.requests.length;
  const last: Partial<Record<IngestProgress['phase'], number>> = {};
  const started = performance.now();
  const result = await runIngest(database.db, {
    website: { sitemapUrl: site.url('/sitemap.xml'), delayMs: 0, maxPages: Math.max(CRAWL_DEFAULTS.maxPages, pages), signal: interrupt.signal },
    embedder: createEmbedder({ provider: 'local' }),
    holder: `bench:${os.hostname()}:${process.pid}`,
    onProgress: (p) => {
      last[p.phase] = performance.now();
      onProgress?.(p);
    },
  });
  throwIfInterrupted();
  const excluded = excludedMs();
  const ended = performance.now() - excluded;
  // The excluded time falls inside the crawl: every mark from its last event on moves back by all of it.
  const crawlEnd = last.scan === undefined ? started : last.scan - excluded;
  const embedEnd = last.embed === undefined ? crawlEnd : last.embed - excluded;
  const writeEnd = last.write === undefined ? embedEnd : last.write - excluded;
  const made = site.requests.slice(from);
  const counts = new Map<string, number>();
  for (const r of made) counts.set(String(r.status ?? 'no answer'), (counts.get(String(r.status ?? 'no answer')) ?? 0) + 1);
  const byStatus = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([status, n]) => `${n} × ${status}`).join(', ');
  return {
    label,
    result,
    wallMs: ended - started,
    phases: { crawl: crawlEnd - started, embed: embedEnd - crawlEnd, write: writeEnd - embedEnd, rest: ended - writeEnd },
    requests: made.length,
    byStatus,
  };
}

function describe(run: Run): string {
  const x = run.result.stats;
  const lines = [
    `   ${x.files} pages: ${x.added} added, ${x.updated} updated, ${x.unchanged} unchanged, ${x.deleted} deleted, ${x.failed} failed; ` +
      `${x.chunksWritten} chunks written, ${x.chunksDeleted} removed.`,
    `   ${s(run.wallMs)} s wall, ${(x.files / (run.wallMs / 1000)).toFixed(1)} pages/s; ${run.requests} requests${run.requests > 0 ? ` (${run.byStatus})` : ''}.`,
  ];
  const { errors } = run.result;
  if (errors.length > 0) {
    lines.push(`   ${errors.length} error${errors.length === 1 ? '' : 's'}:`, ...errors.slice(0, 3).map((e) => `     ${e.path}: ${e.message}`));
    if (errors.length > 3) lines.push(`     … and ${errors.length - 3} more`);
  }
  // Seen while writing this bench: a crawl whose robots.txt request fails stops before it starts,
  // and the ingest reports success with no error. Say so rather than print its figures silently.
  if (run.requests === 0) lines.push('   ! The site received no request: the crawl stopped before it began, and the ingest reported no error.');
  return lines.join('\n');
}

async function main() {
  let values: { pages?: string };
  try {
    ({ values } = parseArgs({ options: { pages: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const pages = Number(values.pages ?? 1000);
  if (!Number.isInteger(pages) || pages < CHANGED + REMOVED) throw new UsageError(`--pages must be a whole number ≥ ${CHANGED + REMOVED}, got ${values.pages}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-site-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  handleInterrupts(removeDir);
  let site: TestSite | undefined;
  let database: Database | undefined;
  try {
    site = await startTestSite({ pages });
    database = await openPglite({ dataDir: path.join(dir, 'pglite') });
    await migrateDatabase(database);
    const english = site.pages.filter((p) => p.lang === 'en').length;
    console.log(
      `Test site: ${pages} pages (${english} en, ${pages - english} de) at ${site.origin}, sitemap + robots.txt, no pause between requests.\n` +
        `Embedded PGlite in ${dir} (removed at the end); built-in models.\n`,
    );
    // Between runs, as between any two real ones, the event loop turns: the site (in this process)
    // closes the connections it keeps alive only then. Started in the same turn as the previous
    // run's end, a run's first request went out on a connection being closed (ECONNRESET).
    const pause = () => sleep(100);

    // 1. First ingest, with memory.
    // As the app does after opening the embedded database: initdb's WebAssembly memory is garbage.
    // It is given back only after a turn of the event loop, hence collect, turn, collect.
    collectGarbage();
    await setImmediate();
    collectGarbage();
    const start = memory();
    const peak = { ...start };
    const sample = () => {
      const m = memory();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
      return m;
    };
    const sampler = setInterval(sample, SAMPLE_EVERY_MS);
    sampler.unref();
    const marks: { label: string; mem: Mem; live: number }[] = [];
    const quarters = [0.25, 0.5, 0.75, 1];
    let gcMs = 0;
    process.stderr.write('First ingest…\n');
    const onProgress = (p: IngestProgress) => {
      if (p.phase !== 'scan' || p.total === 0) return;
      if (process.stderr.isTTY) process.stderr.write(`\r  crawled ${p.done}/${p.total}`);
      while (marks.length < quarters.length && p.done >= Math.ceil(p.total * quarters[marks.length]!)) {
        const label = `${quarters[marks.length]! * 100} % crawled (${p.done} pages)`;
        const mem = sample();
        // Live heap: what the run holds, without the garbage not yet collected.
        const gcStarted = performance.now();
        collectGarbage();
        gcMs += performance.now() - gcStarted;
        marks.push({ label, mem, live: process.memoryUsage().heapUsed });
      }
    };
    const first = await ingestSite('1 first ingest', database, site, pages, { onProgress, excludedMs: () => gcMs });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const end = sample();
    clearInterval(sampler);
    collectGarbage();
    const endLive = memory();

    console.log('1. First ingest (empty index)');
    console.log(describe(first));
    console.log(`\n   Memory of this process (site, crawler, models and PGlite), sampled every ${SAMPLE_EVERY_MS} ms:\n`);
    console.log(
      table([
        ['moment', 'RSS MB', 'heapUsed MB', 'after a GC'],
        ['start (after a GC)', mb(start.rss), mb(start.heapUsed), mb(start.heapUsed)],
        ...marks.map((m) => [m.label, mb(m.mem.rss), mb(m.mem.heapUsed), mb(m.live)]),
        ['peak (each column’s own)', mb(peak.rss), mb(peak.heapUsed), ''],
        ['end (ingest returned)', mb(end.rss), mb(end.heapUsed), mb(endLive.heapUsed)],
      ]),
    );
    console.log(`\n   RSS after the end's GC ${mb(endLive.rss)} MB. The GCs at the quarter marks (${gcMs.toFixed(0)} ms) are left out of this run's times.`);

    // 2. Nothing changed.
    await pause();
    process.stderr.write('Second ingest (nothing changed)…\n');
    const second = await ingestSite('2 nothing changed', database, site, pages);
    console.log('\n2. Again, nothing changed');
    console.log(describe(second));

    // 3. Some pages changed, some removed: spread over the site.
    const picked = Array.from({ length: CHANGED + REMOVED }, (_, i) => site!.pages[Math.floor((i * pages) / (CHANGED + REMOVED))]!);
    for (const p of picked.slice(0, CHANGED)) site.changePage(p.path);
    for (const p of picked.slice(CHANGED)) site.removePage(p.path);
    await pause();
    process.stderr.write(`Third ingest (${CHANGED} changed, ${REMOVED} removed)…\n`);
    const third = await ingestSite(`3 ${CHANGED} changed, ${REMOVED} removed`, database, site, pages);
    console.log(`\n3. After ${CHANGED} pages changed and ${REMOVED} removed`);
    console.log(describe(third));

    const runs = [first, second, third];
    console.log('\nWall time by phase, s (share of the run):\n');
    const phase = (name: string, key: keyof Phases) => [name, ...runs.map((r) => `${s(r.phases[key])} (${((r.phases[key] / r.wallMs) * 100).toFixed(0)} %)`)];
    console.log(
      table([
        ['phase', ...runs.map((r) => r.label)],
        phase('crawl: robots.txt, sitemap, fetch + extract', 'crawl'),
        phase('chunk + embed', 'embed'),
        phase('write chunks', 'write'),
        phase('vector index, word stats, crawl state, commit', 'rest'),
        ['total', ...runs.map((r) => s(r.wallMs))],
      ]),
    );
    console.log(
      '\n' +
        table([
          ['run', 'pages', 'added', 'updated', 'unchanged', 'deleted', 'failed', 'chunks', 'requests', 'wall s', 'pages/s'],
          ...runs.map((run) => {
            const x = run.result.stats;
            return [run.label, String(x.files), String(x.added), String(x.updated), String(x.unchanged), String(x.deleted), String(x.failed), String(x.chunksWritten), String(run.requests), s(run.wallMs), (x.files / (run.wallMs / 1000)).toFixed(1)];
          }),
        ]),
    );
    const cpus = os.cpus();
    console.log(`\nMachine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}.`);
  } finally {
    await database?.close();
    await site?.close();
    removeDir();
  }
}

if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
  console.log(USAGE);
  process.exit(0);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE.split('\n')[0]} (--help for more)`);
    process.exitCode = 2;
    return;
  }
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = exitCodeFor(error);
});
