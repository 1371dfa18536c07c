import { getConfig, type Config } from '@/lib/config';
import { openPglite, openPostgres, type Database } from './client';
import { migrateDatabase } from './migrate';
import { claimDataDir } from './pglite-owner';
import { markInterruptedIngestRuns } from './queries/ingest-runs';

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
    const database = await openPglite({ dataDir: config.database.dataDir });
    await migrateDatabase(database);
    // We own the data dir now, so no other process can be mid-ingest.
    await markInterruptedIngestRuns(database.db);
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
