/**
 * npm run test:conversations [-- --group G] [--json] [--junit FILE]
 *                            [--file SUITE.jsonl [--corpus DIR]]
 *                            [--import SUITE.jsonl | --export SUITE.jsonl]
 *
 * Runs the conversation test suite — the experts' cases from the console (/admin/tests) stored in
 * the configured database — against that database: its articles, golden answers and settings,
 * each case in a sandbox that is rolled back (lib/conversation-tests/sandbox.ts). Prints PASS or
 * FAIL per case, exits 1 when any case fails (or could not run), 0 when all pass: a gate for a
 * deployment pipeline. The run is recorded, so the console compares it with the next one.
 *
 *   --group G        only the cases of one group
 *   --junit FILE     a JUnit XML report naming each failing case and check
 *   --json           the results as JSON on stdout
 *   --file F         the cases of a JSONL file instead of the stored suite (not recorded)
 *   --corpus DIR     with --file: on a throwaway embedded database instead, DIR ingested and the
 *                    demo accounts, customers and golden answers seeded (the project's own tests)
 *   --import F       add or replace (by name) the stored suite's cases from a JSONL file, then exit
 *   --export F       write the stored suite as JSONL, then exit
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { getConfig, type Config } from '@/lib/config';
import { parseSuiteJsonl, suiteToJsonl, type TestCase } from '@/lib/conversation-tests/case';
import { failureLines } from '@/lib/conversation-tests/failure-lines';
import { executeRun, runCasesOnDemoData, runTestCase, type CaseStatus, type TranscriptEntry } from '@/lib/conversation-tests/run';
import { openConfiguredDatabase, type Db } from '@/lib/db';
import { createRun, importTests, listTests, resultsOf, testsInScope } from '@/lib/db/queries/conversation-tests';
import { junitXml } from '@/lib/eval/junit';
import { parseStoredCase } from '@/lib/conversation-tests/case';
import { runCli } from './cli';
import { progressBar } from './progress';

const USAGE = `Usage: npm run test:conversations -- [--group G] [--json] [--junit FILE]
                                   [--file SUITE.jsonl [--corpus DIR]]
                                   [--import SUITE.jsonl | --export SUITE.jsonl]

Runs the stored conversation test suite against the configured database, each case in a sandbox
that is rolled back; exits 1 when a case fails or cannot run, 0 when all pass. --file runs a
file's cases instead; with --corpus on a throwaway embedded database. --import adds or replaces
cases by name; --export writes the suite as JSONL.`;

const argsSchema = z
  .object({
    file: z.string().min(1).optional(),
    group: z.string().min(1).optional(),
    corpus: z.string().min(1).optional(),
    json: z.boolean().default(false),
    junit: z.string().min(1).optional(),
    import: z.string().min(1).optional(),
    export: z.string().min(1).optional(),
  })
  .strict()
  .refine((a) => !a.corpus || a.file, { message: '--corpus runs the cases of a --file' })
  .refine((a) => !(a.import && a.export), { message: 'Use --import or --export, not both' });
type Args = z.infer<typeof argsSchema>;

/** One case's result as this CLI reports it. */
type Reported = { name: string; group: string; lang: string; status: CaseStatus; transcript: TranscriptEntry[]; reason: string | null; ms: number };

function readSuiteFile(file: string): TestCase[] {
  if (!fs.existsSync(file)) throw new Error(`No suite at ${file}`);
  const { cases, errors } = parseSuiteJsonl(fs.readFileSync(file, 'utf8'));
  if (errors.length > 0) throw new Error(errors.map((e) => `${file}:${e.line}: ${e.message}`).join('\n'));
  return cases;
}

function inGroup<T extends { group: string }>(cases: T[], group: string | undefined): T[] {
  if (!group) return cases;
  const picked = cases.filter((c) => c.group === group);
  if (picked.length === 0) throw new Error(`No case in group "${group}" (groups: ${[...new Set(cases.map((c) => c.group))].join(', ') || 'none'})`);
  return picked;
}

function failuresOf(r: Reported): string[] {
  return r.reason ? [r.reason] : failureLines(r.transcript);
}

async function runFileOnThrowaway(config: Config, args: Args, cases: TestCase[], interactive: boolean): Promise<Reported[]> {
  const bar = progressBar('cases'.padEnd(8), interactive);
  const results = await runCasesOnDemoData({ config, corpus: args.corpus!, cases }, { onProgress: bar.update });
  bar.stop();
  return results.map(({ test, ...r }) => ({ name: test.name, group: test.group, lang: test.lang, ...r }));
}

async function runFileOnDatabase(db: Db, config: Config, cases: TestCase[], interactive: boolean): Promise<Reported[]> {
  const bar = progressBar('cases'.padEnd(8), interactive);
  const out: Reported[] = [];
  for (const test of cases) {
    const outcome = await runTestCase(db, { config, test });
    out.push({ name: test.name, group: test.group, lang: test.lang, ...outcome });
    bar.update(out.length, cases.length);
  }
  bar.stop();
  return out;
}

async function runStoredSuite(db: Db, config: Config, args: Args, interactive: boolean): Promise<Reported[]> {
  const scope = args.group ? { group: args.group } : { all: true as const };
  const cases = await testsInScope(db, scope);
  if (cases.length === 0) {
    inGroup(await listTests(db), args.group); // says which groups there are
    throw new Error('The stored suite is empty: add cases in the console (/admin/tests) or with --import FILE');
  }
  const run = await createRun(db, { scope, trigger: 'cli', createdBy: null, total: cases.length });
  const bar = progressBar('cases'.padEnd(8), interactive);
  await executeRun(db, { config, runId: run.id, onProgress: ({ done, total }) => bar.update(done, total), pace: async () => {} });
  bar.stop();
  return (await resultsOf(db, { runId: run.id })).map((r) => ({ name: r.name, group: r.group, lang: r.lang, status: r.status, transcript: r.turns as TranscriptEntry[], reason: r.reason, ms: r.ms }));
}

function report(args: Args, results: Reported[]): void {
  const failed = results.filter((r) => r.status === 'failed' || r.status === 'error');
  if (args.junit) {
    const cases = results.map((r) => ({
      name: r.name,
      classname: `${r.group}.${r.lang}`,
      seconds: r.ms / 1000,
      failures: r.status === 'failed' ? failuresOf(r) : [],
      error: r.status === 'error' ? r.reason : null,
      skipped: r.status === 'skipped' ? r.reason : null,
    }));
    fs.writeFileSync(args.junit, junitXml(cases, { suite: args.group ? `conversations:${args.group}` : 'conversations' }));
  }
  if (args.json) {
    console.log(JSON.stringify({ cases: results.length, failed: failed.map((r) => r.name), results }, null, 2));
    return;
  }
  for (const r of results) {
    console.log(`${r.status === 'passed' ? 'PASS' : r.status === 'skipped' ? 'SKIP' : r.status === 'error' ? 'ERROR' : 'FAIL'}  ${r.name}  [${r.group}, ${r.lang}]  ${Math.round(r.ms)} ms`);
    if (r.status !== 'passed') for (const line of failuresOf(r)) console.log(`    ${line}`);
  }
  console.log(`\n${results.length - failed.length} of ${results.length} cases pass${failed.length ? `; failing: ${failed.map((r) => r.name).join(', ')}` : ''}.`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      group: { type: 'string' },
      corpus: { type: 'string' },
      json: { type: 'boolean' },
      junit: { type: 'string' },
      import: { type: 'string' },
      export: { type: 'string' },
    },
  });
  const args = argsSchema.parse(values);
  // The log shares stdout: with --json, only warnings and errors, so the output stays one JSON document.
  if (args.json && !process.env.LOG_LEVEL) process.env.LOG_LEVEL = 'warn';
  const config = getConfig();
  const interactive = !args.json && process.stderr.isTTY === true;

  if (args.file && args.corpus) {
    const results = await runFileOnThrowaway(config, args, inGroup(readSuiteFile(args.file), args.group), interactive);
    report(args, results);
    if (results.some((r) => r.status === 'failed' || r.status === 'error')) process.exitCode = 1;
    return;
  }
  const fileCases = args.file ? inGroup(readSuiteFile(args.file), args.group) : null;
  const toImport = args.import ? readSuiteFile(args.import) : null;
  const database = await openConfiguredDatabase(config);
  try {
    if (toImport) {
      const { added, replaced } = await importTests(database.db, { cases: toImport, createdBy: null });
      console.log(`Imported ${toImport.length} cases from ${args.import}: ${added} added, ${replaced} replaced.`);
      return;
    }
    if (args.export) {
      const stored = (await listTests(database.db)).map((row) => {
        const parsed = parseStoredCase(row);
        if (!parsed.ok) throw new Error(`The stored case "${row.name}" is not valid: ${parsed.error}`);
        return parsed.test;
      });
      fs.writeFileSync(args.export, suiteToJsonl(stored));
      console.log(`Exported ${stored.length} cases to ${args.export}.`);
      return;
    }
    const results = fileCases ? await runFileOnDatabase(database.db, config, fileCases, interactive) : await runStoredSuite(database.db, config, args, interactive);
    report(args, results);
    if (results.some((r) => r.status === 'failed' || r.status === 'error')) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

runCli(main, { usage: USAGE });
