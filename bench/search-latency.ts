/**
 * npm run bench:search [-- --sizes 10000,100000] [--queries 200] [--postgres URL]
 *
 * Prints hybrid search latency (p50/p95) at each corpus size on PGlite and on PostgreSQL, and
 * bulk-ingest throughput. The corpus is synthetic but realistic: passages recombined from the demo
 * help center's own sentences, embedded with the configured model, queries from the golden set.
 * Absolute times do not travel between machines, so each size also times baselines on the same
 * table and queries, and prints Lantern's figures as multiples of the vector-only floor:
 *   - "vector floor": the HNSW nearest-neighbour query alone (query vector precomputed): what
 *     pgvector itself costs for this corpus;
 *   - "text legs": the two full-text legs alone (stemmed and simple GIN matches, no vector);
 *   - "ts_rank": a plain PostgreSQL full-text search (websearch_to_tsquery, ORDER BY ts_rank);
 *   - "hybrid SQL": the hybrid SQL alone (query vector precomputed), HNSW + two GIN matches + fusion;
 *   - "end to end": embed the query + SQL + rerank, as the search page runs it.
 * PostgreSQL: --postgres URL, else TEST_DATABASE_URL, else a throwaway server via scripts/test-db.
 * --backends pglite,postgres picks the backends; --keep keeps the PostgreSQL database for inspection.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createEmbedder, createReranker, type Embedder } from '@/lib/ai/models';
import { openPglite, type Database } from '@/lib/db/client';
import { openThrowawayPostgres } from '@/lib/db/test-databases';
import { migrateDatabase } from '@/lib/db/migrate';
import { chunks, documents } from '@/lib/db/schema';
import { percentile } from '@/lib/eval/metrics';
import { loadQa } from '@/lib/eval/qa';
import { chunkMarkdown } from '@/lib/rag/ingest/chunk';
import { embeddingText } from '@/lib/rag/ingest/run';
import { parseDocument } from '@/lib/rag/ingest/parse';
import { listSourceFiles } from '@/lib/rag/ingest/sources';
import { tsConfigFor } from '@/lib/i18n/detect-language';
import { searchChunks, type SearchMethod } from '@/lib/rag/search';
import { startThrowawayPostgres } from './lib/throwaway-postgres';
import { DEFAULT_SEARCH_WEIGHTS } from '@/lib/rag/search-weights';
import { refreshLexemeStats } from '@/lib/rag/lexeme-stats';
import { prepareKnowledgeForSearch } from '@/lib/db/prepare-for-search';
import { createVectorIndex, dropVectorIndex, modelPredicate, typedEmbedding, vectorLiteral } from '@/lib/rag/vector-index';

type Passage = { title: string; headingPath: string; content: string; lang: string };

/** Deterministic pseudo-random numbers, so every run builds the same corpus. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

async function realPassages(): Promise<Passage[]> {
  const passages: Passage[] = [];
  for (const file of await listSourceFiles('content/articles')) {
    const doc = await parseDocument(file.relativePath, fs.readFileSync(file.absolutePath));
    if (doc.audience !== 'public') continue;
    for (const c of chunkMarkdown(doc.body, { lang: doc.lang })) passages.push({ title: doc.title, headingPath: c.headingPath, content: c.content, lang: doc.lang });
  }
  return passages;
}

/** n passages: real titles and headings, bodies recombined from sentences of the same language. */
function syntheticPassages(real: Passage[], n: number): Passage[] {
  const random = rng(42);
  const sentencesByLang = new Map<string, string[]>();
  for (const p of real) {
    const list = sentencesByLang.get(p.lang) ?? [];
    list.push(...p.content.split(/(?<=[.!?])\s+/).filter((s) => s.length > 20));
    sentencesByLang.set(p.lang, list);
  }
  return Array.from({ length: n }, (_, i) => {
    const base = real[i % real.length]!;
    const pool = sentencesByLang.get(base.lang)!;
    const count = 3 + Math.floor(random() * 5);
    const body = Array.from({ length: count }, () => pool[Math.floor(random() * pool.length)]!).join(' ');
    return { ...base, content: i < real.length ? base.content : body };
  });
}

async function load(database: Database, embedder: Embedder, passages: Passage[], vectors: number[][]): Promise<number> {
  const db = database.db;
  await db.execute(sql`truncate documents cascade`);
  const dims = vectors[0]!.length;
  const model = { modelId: embedder.id, dimensions: dims };
  await dropVectorIndex(db, model);
  const started = performance.now();
  const perDoc = 10;
  for (let d = 0; d * perDoc < passages.length; d++) {
    const slice = passages.slice(d * perDoc, (d + 1) * perDoc);
    await db.insert(documents).values({
      id: `bench-${d}`, source: 'bench', path: `bench/${d}.md`, title: slice[0]!.title, slug: `bench-${d}`, lang: slice[0]!.lang,
      audience: 'public', body: '', contentHash: String(d),
    });
    await db.insert(chunks).values(
      slice.map((p, i) => ({
        documentId: `bench-${d}`, ordinal: i, title: p.title, headingPath: p.headingPath, anchor: null, content: p.content,
        lang: p.lang, tsConfig: tsConfigFor(p.lang), audience: 'public' as const, embedding: vectors[d * perDoc + i]!,
        embeddingModel: embedder.id, embeddingDim: dims,
      })),
    );
  }
  await createVectorIndex(db, model);
  await refreshLexemeStats(db);
  // As an ingest leaves the tables: GIN pending lists merged, planner statistics fresh.
  await prepareKnowledgeForSearch(db);
  return passages.length / ((performance.now() - started) / 1000);
}

/** The HNSW nearest-neighbour query alone, in the form that uses the index: the floor any vector search pays. */
async function nearestNeighbours(database: Database, modelId: string, vector: number[]): Promise<unknown> {
  return database.db.execute(
    sql`select id from chunks where ${modelPredicate(modelId)} order by ${typedEmbedding(vector.length)} <=> ${vectorLiteral(vector, vector.length)} limit 10`,
  );
}

/** The textbook PostgreSQL full-text search: the baseline a reader knows. */
async function plainTsRank(database: Database, query: string, lang: string | undefined): Promise<unknown> {
  const config = tsConfigFor(lang);
  return database.db.execute(
    sql`select id from chunks where tsv @@ websearch_to_tsquery(${config}::regconfig, ${query})
        order by ts_rank(tsv, websearch_to_tsquery(${config}::regconfig, ${query})) desc limit 10`,
  );
}

async function migrated(database: Database): Promise<Database> {
  await migrateDatabase(database);
  return database;
}

async function timeQueries(run: (q: string, lang?: string) => Promise<unknown>, queries: { q: string; lang?: string }[]) {
  for (const { q, lang } of queries.slice(0, 10)) await run(q, lang); // warm-up
  const times: number[] = [];
  for (const { q, lang } of queries) {
    const started = performance.now();
    await run(q, lang);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const { values } = parseArgs({ options: { sizes: { type: 'string' }, queries: { type: 'string' }, postgres: { type: 'string' }, keep: { type: 'boolean' }, backends: { type: 'string' } } });
  const sizes = (values.sizes ?? '10000,100000').split(',').map(Number);
  const embedder = createEmbedder({ provider: 'local' });
  const reranker = createReranker();
  const queries = loadQa('content/golden').map((i) => ({ q: i.question, lang: i.lang })).slice(0, Number(values.queries ?? 200));
  const queryVectors = new Map<string, number[]>();
  for (const { q, lang } of queries) queryVectors.set(q, (await embedder.embed([q], { lang }))[0]!);
  // The SQL stage alone: the query vector is looked up, not computed (except for the few queries
  // whose spelling correction changed the text, which are embedded on the spot).
  const precomputed: Embedder = {
    id: embedder.id,
    embed: async ([q], options) => [queryVectors.get(q!) ?? (await embedder.embed([q!], options))[0]!],
  };

  const real = await realPassages();
  const biggest = syntheticPassages(real, Math.max(...sizes));
  const embedStarted = performance.now();
  const vectors = await embedder.embed(biggest.map((p) => embeddingText(p.title, p.headingPath, p.content)));
  const embedRate = biggest.length / ((performance.now() - embedStarted) / 1000);
  console.log(`Corpus: ${biggest.length} synthetic passages from ${real.length} real ones; local embedding ${embedRate.toFixed(0)} passages/s; ${queries.length} queries.\n`);

  let pg: { url: string; stop: () => void } | undefined;
  const pgUrl = values.postgres ?? process.env.TEST_DATABASE_URL ?? (pg = startThrowawayPostgres()).url;
  const rows: string[][] = [
    ['backend', 'chunks', 'load chunks/s', 'vector floor p50/p95', 'text legs p50/p95', 'ts_rank p50/p95', 'hybrid SQL p50/p95', 'end to end p50/p95', 'hybrid SQL p95 ×floor', 'end to end p95 ×floor'],
  ];
  try {
    const backends = (values.backends ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
    for (const backend of backends) {
      const database: Database =
        backend === 'pglite'
          ? await migrated(await openPglite())
          : await openThrowawayPostgres(pgUrl, { prefix: 'lantern_bench', keep: values.keep });
      if (backend === 'postgres' && values.keep) console.log(`Keeping ${database.url} for inspection.`);
      for (const size of sizes) {
        const rate = await load(database, embedder, biggest.slice(0, size), vectors.slice(0, size));
        const search = (deps: { embedder: Embedder; reranker?: typeof reranker }, method: SearchMethod) => (q: string, lang?: string) =>
          searchChunks({ db: database.db, ...deps }, { query: q, lang, method, k: 10, weights: DEFAULT_SEARCH_WEIGHTS });
        const floor = await timeQueries((q) => nearestNeighbours(database, embedder.id, queryVectors.get(q)!), queries);
        const textLegs = await timeQueries(search({ embedder: precomputed }, 'fts'), queries);
        const tsRank = await timeQueries((q, lang) => plainTsRank(database, q, lang), queries);
        const sqlStage = await timeQueries(search({ embedder: precomputed }, 'hybrid'), queries);
        const endToEnd = await timeQueries(search({ embedder, reranker }, 'hybrid+rerank'), queries);
        const ms = (t: { p50: number; p95: number }) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
        const times = (t: { p95: number }) => `${(t.p95 / floor.p95).toFixed(2)}×`;
        const row = [backend, String(size), rate.toFixed(0), ms(floor), ms(textLegs), ms(tsRank), ms(sqlStage), ms(endToEnd), times(sqlStage), times(endToEnd)];
        rows.push(row);
        console.log(row.join('  '));
      }
      await database.close();
    }
  } finally {
    pg?.stop();
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\n${rows.map((r) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n')}`);
  console.log('\nTimes in ms; ×floor is the p95 as a multiple of the vector-only p95 measured in the same run on the same table.');
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`);
}

void main();
