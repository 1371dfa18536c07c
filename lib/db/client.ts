import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
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

/** Embedded PostgreSQL with pgvector. No dataDir means in memory (tests, throwaway evals). */
export async function openPglite(options: { dataDir?: string; sharedBuffers?: string } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ options.dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { vector },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { kind: 'pglite', db, close: () => client.close() };
}

/** A PostgreSQL + pgvector server through postgres.js. */
export async function openPostgres(options: { url: string; max?: number }): Promise<Database> {
  const client = postgres(options.url, {
    max: options.max ?? 10,
    onnotice: () => {}, // "extension already exists" and friends are not worth a log line
    // int8 (counts, sums) arrive as JS numbers, as they do from PGlite: one shape for callers.
    types: { bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) } },
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return { kind: 'postgres', url: options.url, db, close: () => client.end({ timeout: 5 }) };
}
