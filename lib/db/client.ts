import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { PGliteInWorker } from './pglite-in-worker';
import { preparedReads } from './pglite-prepared-reads.mjs';
import * as schema from './schema';

/** The drizzle handle every query receives, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** The server URL (postgres only): migrations open their own session with it. */
  url?: string;
  close(): Promise<void>;
}

/**
 * PGlite's shared_buffers. PostgreSQL's default, 128 MB, is made for a server that has the
 * machine to itself; inside the app's process it is resident memory the app cannot give back
 * (WebAssembly memory never shrinks). 32 MB holds a help center's hot pages (measured: about
 * 110 MB less resident memory after an ingest and searches); the operating system's file cache
 * serves the rest of the data dir.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Session settings for vector search, the same on both databases. HNSW's candidate list
 * (`ef_search`) must be well above the rows a query takes: at pgvector's default of 40, equal to
 * the hybrid search's pool of 40, about 2 of the 40 nearest passages were missing for most
 * questions (the demo help center, 1,588 chunks; `npm run bench:recall`), and which ones
 * depended on the index's random layout, so the same question could retrieve differently
 * after each rebuild. At 100 the top 40 were the exact ones. Iterative scans (pgvector 0.8) keep
 * filtered searches (public passages only, one product version) from coming back short.
 */
export const VECTOR_SEARCH_SETTINGS = { 'hnsw.ef_search': '100', 'hnsw.iterative_scan': 'strict_order' } as const;

/**
 * Embedded PostgreSQL with pgvector. No dataDir means in memory (tests, throwaway evals). On a
 * worker thread (lib/db/pglite-in-worker.ts) its queries run beside the app's work instead of
 * stopping it: what the app does; tests and one-shot CLIs may keep it in their own thread.
 */
export async function openPglite(options: { dataDir?: string; sharedBuffers?: string; onWorkerThread?: boolean } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ options.dataDir)), { recursive: true });
  const startParams = [
    '-c',
    `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
    ...Object.entries(VECTOR_SEARCH_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    // Reads run as prepared statements (lib/db/pglite-prepared-reads.mjs), planned for their values
    // every time: a generic plan, chosen after five runs, cannot see a search leg's words or limit,
    // and made the hybrid SQL at 10,000 chunks slower than unprepared (p50 13.5 against 10.6 ms).
    '-c',
    'plan_cache_mode=force_custom_plan',
  ];
  if (options.onWorkerThread) {
    const client = await PGliteInWorker.create({ dataDir: options.dataDir, startParams });
    const db = drizzlePglite({ client: client.asPglite(), schema }) as unknown as Db;
    return { kind: 'pglite', db, close: () => client.close() };
  }
  const client = await PGlite.create({ dataDir: options.dataDir, extensions: { vector }, startParams: [...PGlite.defaultStartParams, ...startParams] });
  client.query = preparedReads(client); // as on the worker thread (lib/db/pglite-prepared-reads.mjs)
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { kind: 'pglite', db, close: () => client.close() };
}

/** A PostgreSQL + pgvector server through postgres.js. */
export async function openPostgres(options: { url: string; max?: number }): Promise<Database> {
  const client = postgres(options.url, {
    max: options.max ?? 10,
    onnotice: () => {}, // "extension already exists" and friends are not worth a log line
    // Sent with every new connection of the pool, so each session searches alike.
    connection: { ...VECTOR_SEARCH_SETTINGS },
    // int8 (counts, sums) arrive as JS numbers, as they do from PGlite: one shape for callers.
    types: { bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) } },
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return { kind: 'postgres', url: options.url, db, close: () => client.end({ timeout: 5 }) };
}
