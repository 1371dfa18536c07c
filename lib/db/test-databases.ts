import postgres from 'postgres';
import { openPglite, openPostgres, type Database } from './client';
import { migrateDatabase } from './migrate';

/**
 * The databases every integration test runs against: in-memory PGlite always, and PostgreSQL
 * when TEST_DATABASE_URL is set (a throwaway database is created per call and dropped on close).
 */
export type TestBackend = { name: 'pglite' | 'postgres'; open: () => Promise<Database> };

export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'pglite', open: openMigratedPglite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) backends.push({ name: 'postgres', open: () => openThrowawayPostgres(url) });
  return backends;
}

async function openMigratedPglite(): Promise<Database> {
  // TEST_PGLITE_WORKER=1 runs the suite with PGlite on its worker thread, as the app runs it.
  const database = await openPglite({ onWorkerThread: process.env.TEST_PGLITE_WORKER === '1' });
  await migrateDatabase(database);
  return database;
}

/**
 * A fresh, migrated database on a PostgreSQL server (the admin URL's role must be allowed to
 * create databases). close() drops it unless `keep` is set.
 */
export async function openThrowawayPostgres(
  adminUrl: string,
  { prefix = 'lantern_t', keep = false }: { prefix?: string; keep?: boolean } = {},
): Promise<Database> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres({ url: url.toString(), max: 4 });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      if (!keep) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
