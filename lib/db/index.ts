import { getConfig, type Config } from '@/lib/config';
import { openPglite, openPostgres, type Database } from './client';
import { migrateDatabase } from './migrate';
import { claimDataDir } from './pglite-owner';
import { markInterruptedIngestRuns } from './queries/ingest-runs';
import { clearLeases } from './queries/leases';

export type { Db, Database, DatabaseKind } from './client';

/**
 * Opens the configured database for this process: claims the PGlite data dir (single owner),
 * applies migrations, and returns the handle. Used by the app and by the CLIs.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.database.kind === 'postgres') {
    const database = await openPostgres({ url: config.database.url });
    await migrateDatabase(database);
    return database;
  }
  const releaseClaim = claimDataDir(config.database.dataDir);
  try {
    const database = await openPglite({ dataDir: config.database.dataDir, onWorkerThread: config.database.thread === 'worker' });
    await migrateDatabase(database);
    // We own the data dir now, so no other process can be mid-ingest, or hold a lease: what is
    // there was left by a process that was killed, and must not block this one until it expires.
    await markInterruptedIngestRuns(database.db);
    await clearLeases(database.db);
    return {
      ...database,
      close: async () => {
        await database.close();
        releaseClaim();
      },
    };
  } catch (error) {
    releaseClaim();
    throw error;
  }
}

// One instance per process, kept on globalThis: Next may load this module in several bundles
// (and re-evaluate it on hot reload), but the embedded database must be opened exactly once.
const holder = globalThis as typeof globalThis & { __lanternDatabase?: Promise<Database> };

/** The process-wide database, opened and migrated on first use. */
export function getDatabase(): Promise<Database> {
  if (!holder.__lanternDatabase) {
    holder.__lanternDatabase = openConfiguredDatabase(getConfig()).catch((error: unknown) => {
      holder.__lanternDatabase = undefined; // let a later call retry (e.g. PostgreSQL came back)
      throw error;
    });
  }
  return holder.__lanternDatabase;
}

const readHolder = globalThis as typeof globalThis & { __lanternReadDatabase?: Promise<Database> };

/**
 * The database for reads that may lag a moment behind the primary: help-site search and the
 * insights dashboards. With DATABASE_READ_URL (a PostgreSQL read replica) that is the replica,
 * opened without migrations (the replica follows the primary's schema); otherwise the primary.
 * Writes, and reads that must see the caller's own writes (chat, console edits), use getDatabase().
 */
export function getReadDatabase(): Promise<Database> {
  const config = getConfig();
  if (config.database.kind !== 'postgres' || !config.database.readUrl) return getDatabase();
  const readUrl = config.database.readUrl;
  readHolder.__lanternReadDatabase ??= openPostgres({ url: readUrl }).catch((error: unknown) => {
    readHolder.__lanternReadDatabase = undefined;
    throw error;
  });
  return readHolder.__lanternReadDatabase;
}

/** Closes the process's database connections (graceful shutdown); the embedded database is flushed and its claim released. */
export async function closeDatabases(): Promise<void> {
  const open = [holder.__lanternDatabase, readHolder.__lanternReadDatabase].filter((p): p is Promise<Database> => p !== undefined);
  holder.__lanternDatabase = undefined;
  readHolder.__lanternReadDatabase = undefined;
  await Promise.all(open.map(async (p) => (await p.catch(() => null))?.close()));
}
