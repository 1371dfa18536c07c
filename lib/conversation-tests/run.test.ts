import fs from 'node:fs';
import { count, like } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { seedDemoCustomers } from '@/lib/actions/seed';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { createRun, createTest, previousResults, resultsOf, storeResult, updateTest } from '@/lib/db/queries/conversation-tests';
import { answerTraces, approvals, auditLog, conversations, customers, messages, subscriptions, users } from '@/lib/db/schema';
import { loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeBoxCorpus } from '@/lib/rag/ingest/test-corpus';
import { diffResults, type ResultLike } from './diff';
import { executeRun, type TranscriptEntry } from './run';
import type { TestCase } from './case';

/**
 * Conversation tests against a database that has real customers: each case runs in a sandbox
 * that is rolled back, so a write test gives the same result every time, and nothing a test did
 * is left in conversations, traces, the audit log or the customers' data.
 */

const config = parseConfig({});
const noPause = async () => {};

/** The replies of a stored transcript, in order. */
const repliesOf = (turns: unknown[]): string[] => (turns as TranscriptEntry[]).flatMap((t) => (t.kind === 'turn' ? [t.seen.text] : []));

const upgrade: TestCase = {
  name: 'upgrade then read back',
  group: 'account-write',
  lang: 'en',
  customer: 'anna.meier@example.ch',
  turns: [
    { user: 'please upgrade my internet to Wave Home 1000', expect: { tool: { name: 'change_plan', args: { planId: 'wave-home-1000' } }, approval: true } },
    { event: 'customer_approves' },
    { user: 'What plans am I on?', expect: { tool: { name: 'get_account_overview' }, facts: ['Wave Home 1000'], notFacts: ['Wave Home 100'] } },
  ],
};
const restart: TestCase = {
  name: 'restart box 5',
  group: 'knowledge',
  lang: 'en',
  customer: null,
  turns: [{ user: 'How do I restart my Box 5?', expect: { lang: 'en' } }],
};

describe.each(testBackends())('conversation tests in the sandbox on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  const counts = async () => {
    const db = database.db;
    const n = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]!.n);
    return {
      conversations: await n(conversations),
      messages: await n(messages),
      traces: await n(answerTraces),
      approvals: await n(approvals),
      audit: await n(auditLog),
      customers: await n(customers),
      subscriptions: await n(subscriptions),
      sandboxUsers: Number((await db.select({ n: count() }).from(users).where(like(users.email, '%@sandbox.invalid')))[0]!.n),
    };
  };

  beforeAll(async () => {
    database = await open();
    dir = writeBoxCorpus();
    await runIngest(database.db, { dir, source: 'demo', embedder: createEmbedder({ provider: 'local' }) });
    await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: false });
    // Real customers, seeded at the real date (not the suite's clock).
    await seedDemoCustomers(database.db, { now: new Date() });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs a write test twice with the same result, and leaves nothing behind', async () => {
    const db = database.db;
    const before = await counts();
    const a = await createTest(db, { fields: upgrade, createdBy: null });
    const b = await createTest(db, { fields: restart, createdBy: null });
    const scope = { testIds: [a!.id, b!.id] };

    const first = await createRun(db, { scope, trigger: 'console', createdBy: null, total: 2 });
    expect(await executeRun(db, { config, runId: first.id, pace: noPause })).toMatchObject({ status: 'passed', passed: 2, failed: 0 });
    const second = await createRun(db, { scope, trigger: 'console', createdBy: null, total: 2 });
    expect(await executeRun(db, { config, runId: second.id, pace: noPause })).toMatchObject({ status: 'passed', passed: 2 });

    const [r1, r2] = [await resultsOf(db, { runId: first.id }), await resultsOf(db, { runId: second.id })];
    const write1 = r1.find((r) => r.testId === a!.id)!;
    const write2 = r2.find((r) => r.testId === a!.id)!;
    // The approval really ran (its report is in the transcript), and the read after it saw the change.
    expect(JSON.stringify(write1.turns)).toMatch(/"event":"customer_approves"/);
    expect(repliesOf(write1.turns)[1]).toMatch(/Wave Home 1000/);
    expect(repliesOf(write2.turns)).toEqual(repliesOf(write1.turns));
    // Each answer's trace is kept with the result.
    expect(write1.turns).toContainEqual(expect.objectContaining({ kind: 'turn', seen: expect.objectContaining({ trace: expect.objectContaining({ route: expect.any(String) }) }) }));

    expect(await counts()).toEqual(before);
  }, 120_000);

  it('resumes a run where it stopped: cases with a result are not run again', async () => {
    const db = database.db;
    const a = await createTest(db, { fields: { ...restart, name: 'resume a' }, createdBy: null });
    const b = await createTest(db, { fields: { ...restart, name: 'resume b' }, createdBy: null });
    const run = await createRun(db, { scope: { testIds: [a!.id, b!.id] }, trigger: 'console', createdBy: null, total: 2 });
    // The instance that ran it stopped after the first case (its result is stored), before the second.
    await storeResult(db, { runId: run.id, testId: a!.id, name: 'resume a', group: 'knowledge', lang: 'en', status: 'passed', turns: [], reason: null, ms: 12_345 });
    const progress: number[] = [];
    const resumed = await executeRun(db, { config, runId: run.id, pace: noPause, onProgress: ({ done }) => progress.push(done) });
    expect(progress).toEqual([1, 2]);
    expect(resumed).toMatchObject({ status: 'passed', passed: 2, failed: 0 });
    const results = await resultsOf(db, { runId: run.id });
    expect(results.find((r) => r.testId === a!.id)).toMatchObject({ ms: 12_345, turns: [] });
    expect(results.find((r) => r.testId === b!.id)!.turns.length).toBe(1);
  }, 120_000);

  it('compares a run with the latest earlier result of each case: newly failing first', async () => {
    const db = database.db;
    const a = await createTest(db, { fields: { ...restart, name: 'diff base' }, createdBy: null });
    const b = await createTest(db, { fields: { ...restart, name: 'diff other', turns: [{ user: 'How do I restart my Box 3?', expect: { lang: 'en' } }] }, createdBy: null });
    const scope = { testIds: [a!.id, b!.id] };
    const first = await createRun(db, { scope, trigger: 'console', createdBy: null, total: 2 });
    await executeRun(db, { config, runId: first.id, pace: noPause });
    // The expert tightens a check the answer does not meet: that case newly fails.
    await updateTest(db, { id: a!.id, fields: { ...restart, name: 'diff base', turns: [{ user: 'How do I restart my Box 5?', expect: { facts: ['CHF 999'] } }] } });
    const second = await createRun(db, { scope, trigger: 'console', createdBy: null, total: 2 });
    expect(await executeRun(db, { config, runId: second.id, pace: noPause })).toMatchObject({ status: 'failed', passed: 1, failed: 1 });
    const current = (await resultsOf(db, { runId: second.id })) as ResultLike[];
    const previous = await previousResults(db, { runId: second.id, testIds: current.map((r) => r.testId) });
    const diff = diffResults(current, previous as Map<string, ResultLike & { runId: number }>);
    expect(diff.map((d) => [d.name, d.change])).toEqual([
      ['diff base', 'newly_failing'],
      ['diff other', 'still_passing'],
    ]);
    expect(diff[0]!.beforeRunId).toBe(first.id);
  }, 120_000);
});
