/**
 * npm run bench:console [-- --conversations 100000] [--runs 30] [--postgres URL] [--keep]
 *
 * Seeds N synthetic conversations (bench/lib/seed-conversations.ts) into a throwaway PostgreSQL
 * database and prints p50/p95 of every console list and dashboard query against the 300 ms target.
 * PostgreSQL: --postgres URL, else TEST_DATABASE_URL, else a throwaway server via scripts/test-db.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { listConsoleConversations, findConsoleConversation, listConsoleMessages, type ConversationListFilters } from '@/lib/db/queries/console-conversations';
import { listHandoffQueue } from '@/lib/db/queries/handoffs';
import { searchGoldenAnswers } from '@/lib/db/queries/golden-answers';
import { answerLanguages, answerSummary, approvalSummary, articleQuality, contentGaps, conversationSummary, dailySeries, handoffsByReason, loadInsights, topUnansweredQuestions } from '@/lib/db/queries/insights';
import { queryRows } from '@/lib/db/rows';
import { openThrowawayPostgres } from '@/lib/db/test-databases';
import { percentile } from '@/lib/eval/metrics';
import { seedConversations } from './lib/seed-conversations';
import { startThrowawayPostgres } from './lib/throwaway-postgres';

const TARGET_MS = 300;

async function time(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn(); // warm-up: plan cache and buffers
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const { values } = parseArgs({ options: { conversations: { type: 'string' }, runs: { type: 'string' }, postgres: { type: 'string' }, keep: { type: 'boolean' } } });
  const count = Number(values.conversations ?? 100_000);
  const runs = Number(values.runs ?? 30);
  let server: { url: string; stop: () => void } | undefined;
  const url = values.postgres ?? process.env.TEST_DATABASE_URL ?? (server = startThrowawayPostgres()).url;
  const database = await openThrowawayPostgres(url, { prefix: 'lantern_bench_console', keep: values.keep });
  try {
    const db: Db = database.db;
    const seeding = performance.now();
    await seedConversations(db, { count });
    console.log(`Seeded ${count.toLocaleString('en')} conversations in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);
    const ids = (await queryRows<{ id: string }>(db, sql`select id from conversations order by random() limit ${runs + 1}`)).map((r) => r.id);
    let next = 0;
    const month = { from: new Date(Date.now() - 30 * 86_400_000), to: new Date() };
    const list = (filters: ConversationListFilters) => () => listConsoleConversations(db, { filters });
    const cases: [string, () => Promise<unknown>][] = [
      ['conversations: newest first', list({})],
      ['conversations: language de', list({ lang: 'de' })],
      ['conversations: thumbs down', list({ feedback: 'down' })],
      ['conversations: endorsed by expert', list({ endorsement: 'expert' })],
      ['conversations: with hand-off', list({ handoff: 'yes' })],
      ['conversations: no-answer', list({ noAnswer: true })],
      ['conversations: golden hit', list({ golden: true })],
      ['conversations: tool use', list({ tools: true })],
      ['conversations: search "roaming"', list({ q: 'roaming' })],
      ['conversations: last 7 days', list({ since: new Date(Date.now() - 7 * 86_400_000) })],
      ['conversation detail', async () => {
        const id = ids[next++ % ids.length]!;
        await Promise.all([findConsoleConversation(db, { id }), listConsoleMessages(db, { conversationId: id })]);
      }],
      ['hand-off queue (open)', () => listHandoffQueue(db, { view: 'active' })],
      ['hand-off queue (closed)', () => listHandoffQueue(db, { view: 'closed' })],
      ['golden answers: search', () => searchGoldenAnswers(db, { filter: { q: 'box' }, limit: 25, offset: 0 })],
      ['insights: answers (30 days)', () => answerSummary(db, month)],
      ['insights: conversations (30 days)', () => conversationSummary(db, month)],
      ['insights: hand-offs by reason', () => handoffsByReason(db, month)],
      ['insights: language mix', () => answerLanguages(db, month)],
      ['insights: approvals', () => approvalSummary(db, month)],
      ['insights: daily series', () => dailySeries(db, month)],
      ['insights: top unanswered', () => topUnansweredQuestions(db, month)],
      ['insights: content gaps', () => contentGaps(db, month)],
      ['insights: article quality', () => articleQuality(db, month)],
      ['insights: whole dashboard', () => loadInsights(db, month)],
    ];
    console.log(`\nPostgreSQL, ${count.toLocaleString('en')} conversations, ${runs} runs each (after one warm-up):\n`);
    console.log(`${'query'.padEnd(38)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  < ${TARGET_MS} ms`);
    let met = 0;
    for (const [name, fn] of cases) {
      const { p50, p95 } = await time(runs, fn);
      if (p95 < TARGET_MS) met++;
      console.log(`${name.padEnd(38)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}  ${p95 < TARGET_MS ? 'yes' : 'NO'}`);
    }
    console.log(`\n${met}/${cases.length} queries under ${TARGET_MS} ms at p95. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`);
  } finally {
    await database.close();
    server?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
