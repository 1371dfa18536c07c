/**
 * npm run bench:answer-sql
 *
 * The SQL one answer runs on the embedded default, query by query: the demo articles are ingested
 * into an in-memory PGlite, the demo golden answers seeded, and the golden set's questions (no
 * history) answered through the chat's turn engine — once to warm up, once with every query
 * recorded. The recorded queries are then replayed one at a time, so each is timed alone (during
 * an answer the search legs queue behind each other on PGlite's single connection, and their wall
 * times would include the wait). Prints, per query shape, ms per answer, queries per answer and ms
 * per query. Prints figures; asserts nothing.
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

    const proto = PGlite.prototype as unknown as { query: Query };
    const original = proto.query;
    const recorded: unknown[][] = [];
    proto.query = function (this: unknown, ...args: unknown[]) {
      recorded.push(args);
      return original.apply(this, args);
    };
    try {
      await answerAll();
    } finally {
      proto.query = original;
    }

    const client = (database.db as unknown as { $client: PGlite }).$client;
    const byShape = new Map<string, { n: number; ms: number }>();
    for (const args of recorded) {
      const started = performance.now();
      await (client.query as unknown as Query).apply(client, args);
      const shape = String(args[0]).replace(/\s+/g, ' ').slice(0, 90);
      const entry = byShape.get(shape) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += performance.now() - started;
      byShape.set(shape, entry);
    }
    const rows = [...byShape].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
    const perAnswer = (x: number) => (x / questions.length).toFixed(2);
    console.log(`${questions.length} golden-set questions; SQL per answer, each query replayed alone: ${perAnswer(total)} ms in ${perAnswer(recorded.length)} queries\n`);
    console.log('ms/answer  queries/answer  ms/query  query');
    for (const [shape, e] of rows.slice(0, 15)) {
      console.log(`${perAnswer(e.ms).padStart(9)}  ${perAnswer(e.n).padStart(14)}  ${(e.ms / e.n).toFixed(2).padStart(8)}  ${shape}`);
    }
  } finally {
    await database.close();
  }
}

void main();
