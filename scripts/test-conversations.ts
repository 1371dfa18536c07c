/**
 * npm run test:conversations [-- --file SUITE.jsonl] [--group G] [--corpus DIR] [--json] [--junit FILE]
 *
 * Runs a suite of conversation test cases — dialogs with checks per turn, in the format of
 * `npm run eval -- --dialogs` (README, "Dialogs"), plus `facts`, `notFacts` and `refuses` — and
 * exits 1 when any case fails a check, 0 when all pass: a gate for a deployment pipeline.
 * `--group` runs the cases of one group (a case's `kind`); `--junit FILE` writes a JUnit XML
 * report naming each failing case and check; `--json` prints the results.
 *
 * For now the suite runs on a throwaway embedded database: the articles (`--corpus`, default
 * CONTENT_DIR) ingested, the demo accounts, customers and golden answers seeded, every turn
 * through the real chat turn. Running against the configured database with sandbox customers is
 * the next step of issue 15.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { runDialogsOnDemoData } from '@/lib/eval/dialog-run';
import { loadDialogs } from '@/lib/eval/dialogs';
import { junitReport } from '@/lib/eval/junit';
import { runCli } from './cli';
import { dialogProgress } from './progress';

const argsSchema = z
  .object({
    /** The project's demo suite by default. */
    file: z.string().min(1).default(path.join('content', 'tests', 'conversations.jsonl')),
    group: z.string().min(1).optional(),
    corpus: z.string().min(1).optional(),
    json: z.boolean().default(false),
    junit: z.string().min(1).optional(),
  })
  .strict();

async function main() {
  const { values } = parseArgs({
    options: { file: { type: 'string' }, group: { type: 'string' }, corpus: { type: 'string' }, json: { type: 'boolean' }, junit: { type: 'string' } },
  });
  const args = argsSchema.parse(values);
  if (!fs.existsSync(args.file)) throw new Error(`No suite at ${args.file}`);
  const all = loadDialogs(args.file);
  const cases = args.group ? all.filter((c) => c.kind === args.group) : all;
  if (cases.length === 0) throw new Error(args.group ? `No case in group "${args.group}" (groups: ${[...new Set(all.map((c) => c.kind))].join(', ')})` : 'The suite is empty');

  const config = getConfig();
  const bars = dialogProgress(!args.json && process.stderr.isTTY === true);
  const results = await runDialogsOnDemoData({ config, corpus: args.corpus ?? config.content.dir, dialogs: cases }, bars);
  bars.stop();
  const failed = results.filter((r) => !r.allPass);

  if (args.junit) fs.writeFileSync(args.junit, junitReport(results, { suite: args.group ? `conversations:${args.group}` : 'conversations', seconds: (r) => (r.ms ?? 0) / 1000 }));
  if (args.json) {
    console.log(JSON.stringify({ cases: results.length, failed: failed.map((r) => r.id), results }, null, 2));
  } else {
    for (const r of results) {
      const bad = r.turns.flatMap((t, i) => t.checks.filter((c) => !c.pass).map((c) => `    turn ${i + 1}: ${c.check} — ${c.detail}`));
      console.log(`${r.allPass ? 'PASS' : 'FAIL'}  ${r.id}  [${r.kind}, ${r.lang}]  ${Math.round(r.ms ?? 0)} ms`);
      for (const line of bad) console.log(line);
    }
    console.log(`\n${results.length - failed.length} of ${results.length} cases pass${failed.length ? `; failing: ${failed.map((r) => r.id).join(', ')}` : ''}.`);
  }
  if (failed.length > 0) process.exitCode = 1;
}

runCli(main);
