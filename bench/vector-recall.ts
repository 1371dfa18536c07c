/**
 * npm run bench:recall [-- --corpus content/articles] [--pool 40] [--ef 40,60,100,200] [--m 16 --ef-construction 64]
 *
 * How many of the exact nearest passages the HNSW index returns for the hybrid search's vector
 * leg, at several `hnsw.ef_search` settings. The demo help center is ingested into a throwaway
 * PGlite database; queries are the golden and held-out evaluation questions. For each setting it
 * prints recall@pool (against an exact scan of the same table), how many questions miss at least
 * one neighbour, and the vector query's mean time (query vector precomputed). Lantern's setting
 * is VECTOR_SEARCH_SETTINGS in lib/db/client.ts. --m / --ef-construction rebuild the index with
 * other build parameters first (pgvector's defaults, which Lantern uses: 16 and 64).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createEmbedder } from '@/lib/ai/models';
import { getConfig } from '@/lib/config';
import { openPglite, VECTOR_SEARCH_SETTINGS } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { queryRows } from '@/lib/db/rows';
import { loadQa } from '@/lib/eval/qa';
import { runIngest } from '@/lib/rag/ingest/run';
import { dropVectorIndex, modelPredicate, typedEmbedding, vectorIndexName, vectorLiteral } from '@/lib/rag/vector-index';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'content/articles' },
    pool: { type: 'string', default: '40' },
    ef: { type: 'string', default: '40,60,100,200' },
    m: { type: 'string' },
    'ef-construction': { type: 'string' },
  },
});
const pool = Number(values.pool);
const efs = values.ef.split(',').map(Number);

async function main() {
  const database = await openPglite();
  await migrateDatabase(database);
  const embedder = createEmbedder(getConfig().model);
  await runIngest(database.db, { dir: values.corpus, source: 'bench', embedder });
  const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from chunks`);
  const build = { m: Number(values.m ?? 16), efConstruction: Number(values['ef-construction'] ?? 64) };
  if (values.m || values['ef-construction']) {
    const [probe] = await embedder.embed(['probe']);
    const model = { modelId: embedder.id, dimensions: probe!.length };
    await dropVectorIndex(database.db, model);
    await database.db.execute(
      sql`create index ${sql.raw(vectorIndexName(model.modelId, model.dimensions))} on chunks using hnsw ((${typedEmbedding(model.dimensions)}) vector_cosine_ops)
          with (m = ${sql.raw(String(build.m))}, ef_construction = ${sql.raw(String(build.efConstruction))}) where ${modelPredicate(model.modelId)}`,
    );
  }
  const heldOut = path.join('content', 'golden', 'heldout');
  const files = [path.join('content', 'golden'), ...fs.readdirSync(heldOut).filter((f) => f.startsWith('factual')).map((f) => path.join(heldOut, f))];
  const questions = files.flatMap((f) => loadQa(f)).map((q) => ({ text: q.question, lang: q.lang }));
  const vectors: number[][] = [];
  for (const q of questions) vectors.push((await embedder.embed([q.text], { lang: q.lang }))[0]!);
  const dims = vectors[0]!.length;
  const nearest = (vector: number[], exact: boolean) =>
    queryRows<{ id: number }>(
      database.db,
      exact
        ? // An expression the index does not cover: a sequential scan, the exact answer.
          sql`select c.id from chunks c where ${modelPredicate(embedder.id)} and c.audience = 'public'
              order by (${typedEmbedding(dims)} <=> ${vectorLiteral(vector, dims)}) + 0, c.id limit ${pool}`
        : sql`select c.id from chunks c where ${modelPredicate(embedder.id)} and c.audience = 'public'
              order by ${typedEmbedding(dims)} <=> ${vectorLiteral(vector, dims)} limit ${pool}`,
    );
  const exact: Set<number>[] = [];
  for (const v of vectors) exact.push(new Set((await nearest(v, true)).map((r) => r.id)));

  console.log(`${count!.n} chunks, ${questions.length} questions, top ${pool}; index m = ${build.m}, ef_construction = ${build.efConstruction}; Lantern uses ef_search = ${VECTOR_SEARCH_SETTINGS['hnsw.ef_search']}\n`);
  console.log('| ef_search | recall@' + pool + ' | questions missing a neighbour | vector query mean |');
  console.log('|---|---|---|---|');
  for (const ef of efs) {
    await database.db.execute(sql.raw(`set hnsw.ef_search = ${Number(ef)}`));
    let found = 0;
    let total = 0;
    let missing = 0;
    const started = performance.now();
    for (let i = 0; i < vectors.length; i++) {
      const got = await nearest(vectors[i]!, false);
      const hits = got.filter((r) => exact[i]!.has(r.id)).length;
      found += hits;
      total += exact[i]!.size;
      if (hits < exact[i]!.size) missing++;
    }
    const ms = (performance.now() - started) / vectors.length;
    console.log(`| ${ef} | ${((100 * found) / total).toFixed(1)} % | ${missing} of ${vectors.length} | ${ms.toFixed(2)} ms |`);
  }
  await database.close();
}

void main();
