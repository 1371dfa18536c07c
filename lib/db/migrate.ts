import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import type { Database } from './client';
import { queryRows } from './rows';

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');

// Any fixed number: instances starting together on one PostgreSQL migrate one at a time.
const MIGRATION_LOCK_ID = 727_001;

/** Applies the migrations in drizzle/ (the same files on both backends). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!database.url) throw new Error('migrateDatabase: the postgres backend needs its URL');
  // A dedicated single connection, so the advisory lock and the migration share a session.
  const client = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

export type MigrationState = { applied: number; expected: number; latest: string | null; pending: number };

type Journal = { entries: { tag: string; when: number }[] };
let shippedJournal: Journal | undefined;

/** The migrations shipped with this build: read once (readiness probes ask every few seconds). */
function journal(): Journal {
  shippedJournal ??= JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  return shippedJournal;
}

/** How many of the migrations shipped in drizzle/ the database has applied. */
export async function migrationState(database: Database): Promise<MigrationState> {
  const { entries } = journal();
  const expected = entries.length;
  const latest = entries.at(-1)?.tag ?? null;
  const [row] = await queryRows<{ applied: number }>(
    database.db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  ).catch(() => [{ applied: 0 }]);
  const applied = row?.applied ?? 0;
  return { applied, expected, latest, pending: Math.max(expected - applied, 0) };
}
