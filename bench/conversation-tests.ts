/**
 * npm run bench:tests [-- --suite FILE] [--corpus DIR]
 *
 * Times the conversation test suite on the built-in model, on a throwaway embedded database with
 * the demo data: the whole run as the console's job runs it (paced, so the app it shares a
 * thread with stays responsive) and as the CLI runs it (unpaced), and the time per case by group.
 * Issue 15's budget: a suite of 60 cases in under 60 s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '@/lib/config';
import { createPacer } from '@/lib/console/jobs/pace';
import { parseSuiteJsonl } from '@/lib/conversation-tests/case';
import { executeRun } from '@/lib/conversation-tests/run';
import { DEMO_SUITE_FILE } from '@/lib/conversation-tests/seed';
import { createRun, importTests, resultsOf } from '@/lib/db/queries/conversation-tests';
import { openDemoDatabase } from '@/lib/eval/dialog-run';
import { percentile } from '@/lib/eval/metrics';

const BUDGET_S = 60;

async function main() {
  const { values } = parseArgs({ options: { suite: { type: 'string' }, corpus: { type: 'string' } } });
  process.env.LOG_LEVEL ??= 'warn'; // the chat logs every answer; this prints a table
  const config = parseConfig({});
  const { cases, errors } = parseSuiteJsonl(fs.readFileSync(values.suite ?? DEMO_SUITE_FILE, 'utf8'));
  if (errors.length) throw new Error(`${errors[0]!.line}: ${errors[0]!.message}`);
  const database = await openDemoDatabase({ config, corpus: values.corpus ?? path.join('content', 'articles') });
  try {
    await importTests(database.db, { cases, createdBy: null });
    const rows: string[] = [];
    let lastRun = 0;
    for (const [label, pace] of [
      ['console job (paced)', createPacer()],
      ['CLI (unpaced)', async () => {}],
    ] as const) {
      const run = await createRun(database.db, { scope: { all: true }, trigger: 'cli', createdBy: null, total: cases.length });
      const started = performance.now();
      const finished = await executeRun(database.db, { config, runId: run.id, pace });
      const seconds = (performance.now() - started) / 1000;
      rows.push(`${label.padEnd(22)} ${String(cases.length).padStart(5)} ${seconds.toFixed(1).padStart(9)} s ${((seconds * 1000) / cases.length).toFixed(0).padStart(8)} ms   ${finished.passed} passed, ${finished.failed} failed   ${seconds <= (BUDGET_S * cases.length) / 60 ? 'within' : 'OVER'} budget`);
      lastRun = run.id;
    }
    const results = await resultsOf(database.db, { runId: lastRun });
    console.log(`Conversation test suite: ${cases.length} cases, built-in model, embedded database (budget ${BUDGET_S} s per 60 cases)\n`);
    console.log(`${'Run'.padEnd(22)} ${'cases'.padStart(5)} ${'wall'.padStart(11)} ${'per case'.padStart(11)}`);
    for (const row of rows) console.log(row);
    console.log(`\nPer case (CLI run), by group:\n${'group'.padEnd(16)} ${'cases'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    const groups = [...new Set(results.map((r) => r.group))].sort();
    for (const group of [...groups, 'all']) {
      const ms = results.filter((r) => group === 'all' || r.group === group).map((r) => r.ms);
      console.log(`${group.padEnd(16)} ${String(ms.length).padStart(5)} ${percentile(ms, 50).toFixed(0).padStart(8)} ${percentile(ms, 95).toFixed(0).padStart(8)} ${Math.max(...ms).toFixed(0).padStart(8)}`);
    }
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
