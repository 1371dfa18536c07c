/**
 * npm run bench:search [-- --sizes 10000,100000] [--backends pglite,postgres] [--queries 200] [--postgres URL] [--keep]
 *   A million chunks (PostgreSQL): npm run bench:search -- --backends postgres --sizes 10000,100000,1000000
 *
 * Prints hybrid search latency (p50/p95) at each corpus size on PGlite and on PostgreSQL, and
 * bulk-load figures. The corpus is synthetic but realistic: passages recombined from the demo
 * help center's own sentences, embedded with the configured model, queries from the golden set.
 * It is generated, embedded and inserted in batches (--batch, 2,000 rows per insert) from one
 * seeded generator, so its first N rows are the same at every size; each size appends to the
 * previous one on the same table, then rebuilds the HNSW index (timed on its own) and prints the
 * sizes of the table and its indexes.
 * Absolute times do not travel between machines, so each size also times baselines on the same
 * table and queries, and prints Lantern's figures as multiples of the vector-only floor:
 *   - "vector floor": the HNSW nearest-neighbour query alone (query vector precomputed): what
 *     pgvector itself costs for this corpus;
 *   - "text legs": the two full-text legs alone (stemmed and simple GIN matches, no vector);
 *   - "ts_rank": a plain PostgreSQL full-text search (websearch_to_tsquery, ORDER BY ts_rank);
 *   - "hybrid SQL": the hybrid SQL alone (query vector precomputed), HNSW + two GIN matches + fusion;
 *   - "end to end": embed the query + SQL + rerank, as the search page runs it.
 * and the hybrid SQL p95 as a multiple of the previous size's (issue 18: ≤ 2.5× from 100k to 1M).
 * PostgreSQL: --postgres URL, else TEST_DATABASE_URL, else a throwaway server via scripts/test-db
 * (shared_buffers 512 MB; 4 GB and max_wal_size 8 GB when a size above 100,000 is asked;
 * --shared-buffers overrides). The HNSW build runs with --maintenance-work-mem (4GB) and
 * --index-workers (max_parallel_maintenance_workers; default: cores − 1).
 * --backends pglite,postgres picks the backends; PGlite skips sizes above 100,000 unless
 * --pglite-max N allows them; --keep keeps the PostgreSQL database for inspection; --max-df-chunks N
 * sets the text legs' absolute cut-off (SEARCH_MAX_DF_CHUNKS; default 1,000).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createEmbedder, createReranker, type Embedder } from '@/lib/ai/models';
import { openPglite, type Database, type Db } from '@/lib/db/client';
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
import { createVectorIndex, dropVectorIndex, modelPredicate, typedEmbedding, vectorIndexName, vectorLiteral } from '@/lib/rag/vector-index';
import { queryRows } from '@/lib/db/rows';

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

/**
 * The synthetic corpus as a stream: real titles and headings, bodies recombined from sentences of
 * the same language. One seeded generator, read in order, so the first N passages are the same
 * whatever size is asked for and a larger size only appends to a smaller one.
 */
function* syntheticPassages(real: Passage[]): Generator<Passage, never> {
  const random = rng(42);
  const sentencesByLang = new Map<string, string[]>();
  for (const p of real) {
    const list = sentencesByLang.get(p.lang) ?? [];
    list.push(...p.content.split(/(?<=[.!?])\s+/).filter((s) => s.length > 20));
    sentencesByLang.set(p.lang, list);
  }
  for (let i = 0; ; i++) {
    const base = real[i % real.length]!;
    const pool = sentencesByLang.get(base.lang)!;
    const count = 3 + Math.floor(random() * 5);
    const body = Array.from({ length: count }, () => pool[Math.floor(random() * pool.length)]!).join(' ');
    yield { ...base, content: i < real.length ? base.content : body };
  }
}

/** Ten chunks per document, as the old loader had them. */
const CHUNKS_PER_DOC = 10;

type LoadSettings = { batch: number; maintenanceWorkMem: string; indexWorkers: number };
type LoadFigures = {
  inserted: number;
  embedSeconds: number;
  insertSeconds: number;
  indexSeconds: number;
  prepareSeconds: number;
  sizes: { table: number; hnsw: number; gin: number; total: number; database: number };
};

/**
 * One backend's bench table, grown in place: each size appends the passages it lacks (generated,
 * embedded and inserted in batches, so no more than one batch of vectors is ever held), then
 * rebuilds the HNSW index over the whole table and readies the text indexes as an ingest does.
 * Asking for a smaller size than the table holds starts again from an empty table.
 */
class BenchTable {
  private loaded = 0;
  private passages: Generator<Passage, never>;

  constructor(
    private readonly database: Database,
    private readonly embedder: Embedder,
    private readonly real: Passage[],
    private readonly settings: LoadSettings,
  ) {
    this.passages = syntheticPassages(real);
  }

  async grow(size: number, dims: number, progress: (done: number) => void): Promise<LoadFigures> {
    const db = this.database.db;
    const model = { modelId: this.embedder.id, dimensions: dims };
    if (size < this.loaded) {
      await db.execute(sql`truncate documents cascade`);
      this.loaded = 0;
      this.passages = syntheticPassages(this.real);
    }
    if (this.loaded === 0) await db.execute(sql`truncate documents cascade`);
    // Inserting into a live HNSW index is several times slower than building it afterwards.
    await dropVectorIndex(db, model);
    const inserted = size - this.loaded;
    let embedSeconds = 0;
    let insertSeconds = 0;
    while (this.loaded < size) {
      const first = this.loaded;
      const slice = Array.from({ length: Math.min(this.settings.batch, size - first) }, () => this.passages.next().value);
      let started = performance.now();
      const vectors = await this.embedder.embed(slice.map((p) => embeddingText(p.title, p.headingPath, p.content)));
      embedSeconds += (performance.now() - started) / 1000;
      started = performance.now();
      const docs = new Map<number, Passage>();
      slice.forEach((p, i) => {
        const d = Math.floor((first + i) / CHUNKS_PER_DOC);
        if (!docs.has(d)) docs.set(d, p);
      });
      await db
        .insert(documents)
        .values(
          [...docs].map(([d, p]) => ({
            id: `bench-${d}`, source: 'bench', path: `bench/${d}.md`, title: p.title, slug: `bench-${d}`, lang: p.lang,
            audience: 'public' as const, body: '', contentHash: String(d),
          })),
        )
        .onConflictDoNothing(); // a size that is not a multiple of ten leaves its last document to be continued
      await db.insert(chunks).values(
        slice.map((p, i) => ({
          documentId: `bench-${Math.floor((first + i) / CHUNKS_PER_DOC)}`, ordinal: (first + i) % CHUNKS_PER_DOC, title: p.title,
          headingPath: p.headingPath, anchor: null, content: p.content, lang: p.lang, tsConfig: tsConfigFor(p.lang),
          audience: 'public' as const, embedding: vectors[i]!, embeddingModel: this.embedder.id, embeddingDim: dims,
        })),
      );
      insertSeconds += (performance.now() - started) / 1000;
      this.loaded += slice.length;
      progress(this.loaded);
    }
    let started = performance.now();
    if (this.database.kind === 'postgres') {
      // One transaction, so the settings reach the connection that builds the index.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('maintenance_work_mem', ${this.settings.maintenanceWorkMem}, true)`);
        await tx.execute(sql`select set_config('max_parallel_maintenance_workers', ${String(this.settings.indexWorkers)}, true)`);
        await createVectorIndex(tx as unknown as Db, model);
      });
    } else {
      await createVectorIndex(db, model);
    }
    const indexSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await refreshLexemeStats(db);
    // As an ingest leaves the tables: GIN pending lists merged, planner statistics fresh.
    await prepareKnowledgeForSearch(db);
    const prepareSeconds = (performance.now() - started) / 1000;
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`select pg_table_size('chunks') as "table", pg_relation_size(${vectorIndexName(model.modelId, dims)}::regclass) as hnsw,
            pg_relation_size('chunks_tsv_idx') + pg_relation_size('chunks_tsv_simple_idx') as gin,
            pg_total_relation_size('chunks') as total, pg_database_size(current_database()) as database`,
    );
    const mb = (v: unknown) => Number(v) / 2 ** 20;
    return {
      inserted, embedSeconds, insertSeconds, indexSeconds, prepareSeconds,
      sizes: { table: mb(row!.table), hnsw: mb(row!.hnsw), gin: mb(row!.gin), total: mb(row!.total), database: mb(row!.database) },
    };
  }
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

/**
 * Times the queries on their second pass. The first pass of a fresh connection pays for touching
 * each page it reads for the first time (on this machine about 50 µs a heap page: one text leg
 * 7.4 ms on a new connection, 0.7 ms after), which a running server's long-lived connections have
 * long done; every method gets the same warm-up, so the multiples compare like with like.
 */
async function timeQueries(run: (q: string, lang?: string) => Promise<unknown>, queries: { q: string; lang?: string }[]) {
  for (const { q, lang } of queries) await run(q, lang);
  const times: number[] = [];
  for (const { q, lang } of queries) {
    const started = performance.now();
    await run(q, lang);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** PGlite is not asked for more than this unless --pglite-max says so (it holds the corpus in one process's memory). */
const PGLITE_MAX_SIZE = 100_000;

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string' }, queries: { type: 'string' }, postgres: { type: 'string' }, keep: { type: 'boolean' }, backends: { type: 'string' },
      batch: { type: 'string' }, 'maintenance-work-mem': { type: 'string' }, 'index-workers': { type: 'string' },
      'shared-buffers': { type: 'string' }, 'pglite-max': { type: 'string' }, 'max-df-chunks': { type: 'string' },
    },
  });
  const sizes = (values.sizes ?? '10000,100000').split(',').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--sizes wants positive integers: ${values.sizes}`);
  const pgliteMax = Number(values['pglite-max'] ?? PGLITE_MAX_SIZE);
  const settings: LoadSettings = {
    batch: Number(values.batch ?? 2000),
    maintenanceWorkMem: values['maintenance-work-mem'] ?? '4GB',
    indexWorkers: Number(values['index-workers'] ?? Math.max(0, Math.min(os.cpus().length - 1, 4))),
  };
  const weights = { ...DEFAULT_SEARCH_WEIGHTS, ...(values['max-df-chunks'] ? { maxDfChunks: Number(values['max-df-chunks']) } : {}) };
  if (!Number.isInteger(weights.maxDfChunks) || weights.maxDfChunks < 1) throw new Error(`--max-df-chunks wants a positive integer: ${values['max-df-chunks']}`);
  const embedder = createEmbedder({ provider: 'local' });
  const reranker = createReranker();
  const queries = loadQa('content/golden').map((i) => ({ q: i.question, lang: i.lang })).slice(0, Number(values.queries ?? 200));
  const queryVectors = new Map<string, number[]>();
  for (const { q, lang } of queries) queryVectors.set(q, (await embedder.embed([q], { lang }))[0]!);
  const dims = queryVectors.values().next().value!.length;
  // The SQL stage alone: the query vector is looked up, not computed (except for the few queries
  // whose spelling correction changed the text, which are embedded on the spot).
  const precomputed: Embedder = {
    id: embedder.id,
    embed: async ([q], options) => [queryVectors.get(q!) ?? (await embedder.embed([q!], options))[0]!],
  };

  const real = await realPassages();
  const backends = (values.backends ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
  const big = Math.max(...sizes) > PGLITE_MAX_SIZE;
  const sharedBuffers = values['shared-buffers'] ?? (big ? '4GB' : '512MB');
  console.log(
    `Corpus: synthetic passages from ${real.length} real ones, generated, embedded and inserted ${settings.batch} at a time; ${queries.length} queries.`,
  );
  console.log(`Text legs: words in more than ${weights.maxDfFraction * 100} % of the chunks or more than ${weights.maxDfChunks} chunks are left out.`);
  if (backends.includes('postgres')) {
    console.log(
      `HNSW build (PostgreSQL): maintenance_work_mem ${settings.maintenanceWorkMem}, max_parallel_maintenance_workers ${settings.indexWorkers}.` +
        (values.postgres || process.env.TEST_DATABASE_URL ? '' : ` Throwaway server: shared_buffers ${sharedBuffers}${big ? ', max_wal_size 8GB' : ''}.`),
    );
  }
  console.log('');

  let pg: { url: string; stop: () => void } | undefined;
  const pgUrl = () =>
    values.postgres ?? process.env.TEST_DATABASE_URL ?? (pg ??= startThrowawayPostgres({ sharedBuffers, maxWalSize: big ? '8GB' : undefined })).url;
  const loadRows: string[][] = [
    ['backend', 'chunks', 'inserted', 'embed s', 'insert s', 'insert chunks/s', 'HNSW build s', 'stats s', 'table MB', 'HNSW MB', 'GIN MB', 'chunks total MB', 'database MB'],
  ];
  const rows: string[][] = [
    ['backend', 'chunks', 'vector floor p50/p95', 'text legs p50/p95', 'ts_rank p50/p95', 'hybrid SQL p50/p95', 'end to end p50/p95', 'hybrid SQL p95 ×floor', 'end to end p95 ×floor', 'hybrid SQL p95 ×previous size'],
  ];
  const goals: string[] = [];
  try {
    for (const backend of backends) {
      const backendSizes = sizes.filter((n) => backend !== 'pglite' || n <= pgliteMax);
      const skipped = sizes.filter((n) => !backendSizes.includes(n));
      if (skipped.length) console.log(`${backend}: skipping ${skipped.join(', ')} chunks (over --pglite-max ${pgliteMax}).`);
      if (backendSizes.length === 0) continue;
      const database: Database =
        backend === 'pglite'
          ? await migrated(await openPglite())
          : await openThrowawayPostgres(pgUrl(), { prefix: 'lantern_bench', keep: values.keep });
      if (backend === 'postgres' && values.keep) console.log(`Keeping ${database.url} for inspection.`);
      const table = new BenchTable(database, embedder, real, settings);
      let previous: { size: number; p95: number } | undefined;
      for (const size of backendSizes) {
        const loadStarted = performance.now();
        let lastReport = loadStarted;
        const load = await table.grow(size, dims, (done) => {
          if (performance.now() - lastReport < 30_000) return;
          lastReport = performance.now();
          console.log(`  ${backend}: ${done} / ${size} chunks loaded (${((lastReport - loadStarted) / 1000).toFixed(0)} s)`);
        });
        const s = (n: number) => n.toFixed(1);
        const loadRow = [
          backend, String(size), `+${load.inserted}`, s(load.embedSeconds), s(load.insertSeconds), (load.inserted / load.insertSeconds).toFixed(0),
          s(load.indexSeconds), s(load.prepareSeconds), load.sizes.table.toFixed(0), load.sizes.hnsw.toFixed(0), load.sizes.gin.toFixed(0),
          load.sizes.total.toFixed(0), load.sizes.database.toFixed(0),
        ];
        loadRows.push(loadRow);
        console.log(`load: ${loadRow.join('  ')}`);
        const search = (deps: { embedder: Embedder; reranker?: typeof reranker }, method: SearchMethod) => (q: string, lang?: string) =>
          searchChunks({ db: database.db, ...deps }, { query: q, lang, method, k: 10, weights });
        const floor = await timeQueries((q) => nearestNeighbours(database, embedder.id, queryVectors.get(q)!), queries);
        const textLegs = await timeQueries(search({ embedder: precomputed }, 'fts'), queries);
        const tsRank = await timeQueries((q, lang) => plainTsRank(database, q, lang), queries);
        const sqlStage = await timeQueries(search({ embedder: precomputed }, 'hybrid'), queries);
        const endToEnd = await timeQueries(search({ embedder, reranker }, 'hybrid+rerank'), queries);
        const ms = (t: { p50: number; p95: number }) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
        const times = (t: { p95: number }) => `${(t.p95 / floor.p95).toFixed(2)}×`;
        const growth = previous ? sqlStage.p95 / previous.p95 : undefined;
        const row = [
          backend, String(size), ms(floor), ms(textLegs), ms(tsRank), ms(sqlStage), ms(endToEnd), times(sqlStage), times(endToEnd),
          growth === undefined ? '–' : `${growth.toFixed(2)}× (${previous!.size})`,
        ];
        rows.push(row);
        console.log(`search: ${row.join('  ')}`);
        const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
        goals.push(
          `${backend} ${size}: hybrid SQL p95 ${(sqlStage.p95 / floor.p95).toFixed(2)}× floor (≤ 2×: ${verdict(sqlStage.p95 <= 2 * floor.p95)}), ` +
            `end to end ${(endToEnd.p95 / floor.p95).toFixed(2)}× (≤ 3×: ${verdict(endToEnd.p95 <= 3 * floor.p95)})` +
            (growth === undefined ? '' : `, hybrid SQL p95 ${growth.toFixed(2)}× its ${previous!.size} figure (≤ 2.5×: ${verdict(growth <= 2.5)})`),
        );
        previous = { size, p95: sqlStage.p95 };
      }
      await database.close();
    }
  } finally {
    pg?.stop();
  }
  const print = (table: string[][], left: number) => {
    const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
    console.log(table.map((r) => r.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n'));
  };
  console.log('\nLoad (appending to the previous size on the same table; HNSW dropped before and rebuilt over all rows after):');
  print(loadRows, 2);
  console.log(
    '\nembed s: the local embedding model (client CPU); insert s: multi-row inserts with the text indexes live, no HNSW; ' +
      'HNSW build s: the index over every row; stats s: lexeme statistics, GIN pending lists, ANALYZE. Sizes after the load ' +
      '(table MB: pg_table_size, heap + TOAST; chunks total MB: pg_total_relation_size, with every index).',
  );
  console.log('\nSearch:');
  print(rows, 2);
  console.log('\nTimes in ms; ×floor is the p95 as a multiple of the vector-only p95 measured in the same run on the same table;');
  console.log('×previous size is the hybrid SQL p95 as a multiple of the same backend\'s figure at the previous size.');
  console.log('\nGoals (issue 18):');
  for (const line of goals) console.log(`  ${line}`);
  console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}.`);
}

void main();
