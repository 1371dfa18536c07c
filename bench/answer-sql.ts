/**
 * npm run bench:answer-sql
 *
 * The SQL one answer runs on the embedded default, query by query: the demo articles are ingested
 * into an in-memory PGlite, the demo golden answers seeded, and the golden set's questions (no
 * history) answered through the chat's turn engine — once to warm up, once with every query
 * recorded. The recorded queries are then replayed one at a time, so each is timed alone (during
 * an answer the search legs queue behind each other on PGlite's single connection, and their wall
 * times would include the wait), twice: as PGlite's query() sends them (unnamed: parsed, analysed
 * and planned every time) and as the app sends them (reads as named prepared statements,
 * lib/db/pglite-prepared-reads.mjs). Prints, per query shape, ms per answer both ways, queries per
 * answer and ms per query. Prints figures; asserts nothing.
 */
import { PGlite } from '@electric-sql/pglite';
import { answerTurn } from '@/lib/chat/engine';
import { openDemoAnswerer } from './lib/demo-answerer';

type Query = (...args: unknown[]) => Promise<unknown>;

async function main() {
  const { database, deps, questions } = await openDemoAnswerer();
  try {
    const answerAll = async () => {
      for (const q of questions) await answerTurn(deps, { question: q.question, history: [], signedIn: false }, { text: () => {} });
    };
    await answerAll();

    // The app's client: lib/db/client.ts puts the prepared-reads query on the instance.
    const client = (database.db as unknown as { $client: { query: Query } }).$client;
    const prepared = client.query;
    const unnamed: Query = (...args) => (PGlite.prototype.query as unknown as Query).apply(client, args);
    const recorded: unknown[][] = [];
    client.query = (...args: unknown[]) => {
      recorded.push(args);
      return prepared(...args);
    };
    try {
      await answerAll();
    } finally {
      client.query = prepared;
    }

    const byShape = new Map<string, { n: number; unnamedMs: number; preparedMs: number }>();
    const timed = async (query: Query, args: unknown[]) => {
      const started = performance.now();
      await query(...args);
      return performance.now() - started;
    };
    for (const args of recorded) {
      const shape = String(args[0]).replace(/\s+/g, ' ').slice(0, 80);
      const entry = byShape.get(shape) ?? { n: 0, unnamedMs: 0, preparedMs: 0 };
      entry.n++;
      entry.unnamedMs += await timed(unnamed, args);
      entry.preparedMs += await timed(prepared, args);
      byShape.set(shape, entry);
    }
    const rows = [...byShape].sort((a, b) => b[1].unnamedMs - a[1].unnamedMs);
    const sum = (key: 'unnamedMs' | 'preparedMs') => rows.reduce((total, [, e]) => total + e[key], 0);
    const perAnswer = (x: number) => (x / questions.length).toFixed(2);
    console.log(`${questions.length} golden-set questions; SQL per answer, each query replayed alone: ${perAnswer(recorded.length)} queries`);
    console.log(`  unnamed (PGlite's query): ${perAnswer(sum('unnamedMs'))} ms   prepared (the app's reads): ${perAnswer(sum('preparedMs'))} ms\n`);
    console.log('ms/answer unnamed  prepared  queries/answer  ms/query unnamed  prepared  query');
    for (const [shape, e] of rows.slice(0, 15)) {
      console.log(
        `${perAnswer(e.unnamedMs).padStart(17)}  ${perAnswer(e.preparedMs).padStart(8)}  ${perAnswer(e.n).padStart(14)}  ${(e.unnamedMs / e.n).toFixed(2).padStart(16)}  ${(e.preparedMs / e.n).toFixed(2).padStart(8)}  ${shape}`,
      );
    }
  } finally {
    await database.close();
  }
}

void main();
