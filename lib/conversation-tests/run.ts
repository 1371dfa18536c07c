import type { Config } from '@/lib/config';
import { createPacer } from '@/lib/console/jobs/pace';
import type { Db } from '@/lib/db/client';
import { finishRun, findRun, resultsOf, storeResult, testsInScope, type RunScope } from '@/lib/db/queries/conversation-tests';
import type { ConversationTestRow, ConversationTestRunRow } from '@/lib/db/schema';
import { DIALOG_NOW, openDemoDatabase } from '@/lib/eval/dialog-run';
import { runDialog, type DialogResult, type EventReport, type TurnReport } from '@/lib/eval/dialogs';
import { errorFields, log } from '@/lib/observability/logger';
import { createChatModel } from '@/lib/ai/models';
import { needsLlm, parseStoredCase, toDialog, type TestCase } from './case';
import { criterionJudge } from './criterion';
import { inSandbox, type Sandbox } from './sandbox';
import { runSimulation, type SimulationSummary } from './simulate';

/**
 * Runs conversation test cases against the configured database: its articles, golden answers and
 * settings, every turn through the real chat turn, each case in its own sandbox (sandbox.ts).
 * The suite runs at a fixed clock, so account facts (the bill, the booked visit) stay the same
 * from run to run.
 */
export const TEST_CLOCK = DIALOG_NOW;

/** One entry of a case's transcript: a customer turn with its reply and checks, an event, or how a simulation ended with the checks on the whole conversation. */
export type TranscriptEntry = ({ kind: 'turn' } & TurnReport) | ({ kind: 'event' } & EventReport) | ({ kind: 'summary' } & SimulationSummary);
export type CaseStatus = 'passed' | 'failed' | 'skipped' | 'error';
export type CaseOutcome = { status: CaseStatus; transcript: TranscriptEntry[]; reason: string | null; ms: number };

export function transcriptOf(result: DialogResult): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const events = result.events ?? [];
  result.turns.forEach((turn, i) => {
    for (const e of events.filter((x) => x.afterTurn === i)) entries.push({ kind: 'event', ...e });
    entries.push({ kind: 'turn', ...turn });
  });
  for (const e of events.filter((x) => x.afterTurn >= result.turns.length)) entries.push({ kind: 'event', ...e });
  return entries;
}

export const NEEDS_LLM_REASON =
  'Needs an LLM (set OPENAI_API_KEY or OPENAI_BASE_URL): a simulated customer and a criterion check are played and judged by the model; the built-in model cannot.';

/** Runs one case in a sandbox. An error inside the case (not a failed check) is its result, not the run's end. */
export async function runTestCase(db: Db, { config, test }: { config: Config; test: TestCase }): Promise<CaseOutcome> {
  const started = performance.now();
  if (needsLlm(test) && config.model.provider !== 'openai') return { status: 'skipped', transcript: [], reason: NEEDS_LLM_REASON, ms: 0 };
  const llm = config.model.provider === 'openai' ? createChatModel(config.model).model : null;
  try {
    const runner = (sandbox: Sandbox) => ({ db: sandbox.db, config, now: TEST_CLOCK, identities: sandbox, record: false, judge: llm ? criterionJudge(llm) : undefined });
    if (test.simulation && llm) {
      const { turns, summary } = await inSandbox(db, { now: TEST_CLOCK }, (sandbox) => runSimulation(runner(sandbox), test, { customerModel: llm }));
      const transcript: TranscriptEntry[] = [...turns.map((t) => ({ kind: 'turn' as const, ...t })), { kind: 'summary', ...summary }];
      return { status: summary.checks.every((c) => c.pass) ? 'passed' : 'failed', transcript, reason: null, ms: performance.now() - started };
    }
    const result = await inSandbox(db, { now: TEST_CLOCK }, (sandbox) => runDialog(runner(sandbox), toDialog(test)));
    return { status: result.allPass ? 'passed' : 'failed', transcript: transcriptOf(result), reason: null, ms: performance.now() - started };
  } catch (error) {
    log().warn({ test: test.name, ...errorFields(error) }, 'conversation test could not run');
    return { status: 'error', transcript: [], reason: error instanceof Error ? error.message : String(error), ms: performance.now() - started };
  }
}

export type RunProgress = (progress: { done: number; total: number; failed: number }) => void;

/**
 * Runs (or resumes) a stored run: the cases of its scope that have no result in it yet, one at a
 * time, each result stored as soon as it is known; then the run's totals and status.
 */
export async function executeRun(
  db: Db,
  { config, runId, onProgress, pace = createPacer() }: { config: Config; runId: number; onProgress?: RunProgress; pace?: () => Promise<void> },
): Promise<ConversationTestRunRow> {
  const run = await findRun(db, { id: runId });
  if (!run) throw new Error(`No test run ${runId}`);
  const cases: ConversationTestRow[] = await testsInScope(db, run.scope as RunScope);
  const stored = await resultsOf(db, { runId });
  const done = new Set(stored.map((r) => r.testId));
  let failed = stored.filter((r) => r.status === 'failed' || r.status === 'error').length;
  let count = cases.filter((c) => done.has(c.id)).length;
  onProgress?.({ done: count, total: cases.length, failed });
  for (const row of cases) {
    if (done.has(row.id)) continue;
    const parsed = parseStoredCase(row);
    const outcome: CaseOutcome = parsed.ok
      ? await runTestCase(db, { config, test: parsed.test })
      : { status: 'error', transcript: [], reason: `The case is not valid: ${parsed.error}`, ms: 0 };
    await storeResult(db, { runId, testId: row.id, name: row.name, group: row.group, lang: row.lang, status: outcome.status, turns: outcome.transcript, reason: outcome.reason, ms: Math.round(outcome.ms) });
    count += 1;
    if (outcome.status === 'failed' || outcome.status === 'error') failed += 1;
    onProgress?.({ done: count, total: cases.length, failed });
    await pace();
  }
  return finishRun(db, { id: runId, status: failed > 0 ? 'failed' : 'passed' });
}

/**
 * Runs cases on a throwaway demo database (the project's own tests, and the CLI's --corpus):
 * each in its sandbox, as against the configured database.
 */
export async function runCasesOnDemoData(
  { config, corpus, cases }: { config: Config; corpus: string; cases: TestCase[] },
  { onProgress }: { onProgress?: (done: number, total: number) => void } = {},
): Promise<(CaseOutcome & { test: TestCase })[]> {
  const database = await openDemoDatabase({ config, corpus });
  try {
    const out: (CaseOutcome & { test: TestCase })[] = [];
    for (const test of cases) {
      out.push({ test, ...(await runTestCase(database.db, { config, test })) });
      onProgress?.(out.length, cases.length);
    }
    return out;
  } finally {
    await database.close();
  }
}
