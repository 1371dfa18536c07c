import { seedDemoCustomers } from '@/lib/actions/seed';
import { createEmbedder } from '@/lib/ai/models';
import type { Config } from '@/lib/config';
import { openPglite, type Database } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import { loadGoldenAnswers, seedGoldenAnswers } from '@/lib/db/seed-golden';
import { runIngest } from '@/lib/rag/ingest/run';
import { runDialogs, type Dialog, type DialogResult } from './dialogs';

/** The fixed moment dialogs run at: the demo customers' bills, visits and outages are seeded relative to it. */
export const DIALOG_NOW = new Date('2026-11-23T10:00:00+01:00');

/**
 * A throwaway embedded database with the demo data: the articles of `corpus` ingested, the demo
 * accounts, customers (dated at DIALOG_NOW) and golden answers seeded. The caller closes it.
 */
export async function openDemoDatabase(
  { config, corpus }: { config: Config; corpus: string },
  { onIngest }: { onIngest?: (done: number, total: number) => void } = {},
): Promise<Database> {
  const database = await openPglite();
  try {
    await migrateDatabase(database);
    await runIngest(database.db, { dir: corpus, source: 'eval-corpus', embedder: createEmbedder(config.model), onProgress: (p) => p.phase === 'embed' && onIngest?.(p.done, p.total) });
    await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: false });
    await seedDemoCustomers(database.db, { now: DIALOG_NOW });
    await seedGoldenAnswers(database.db, { answers: loadGoldenAnswers() });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Runs dialogs on a throwaway demo database (openDemoDatabase), every turn through the real chat
 * turn, one after the other on the same data. Nothing is written to the configured database.
 */
export async function runDialogsOnDemoData(
  { config, corpus, dialogs }: { config: Config; corpus: string; dialogs: Dialog[] },
  { onIngest, onProgress }: { onIngest?: (done: number, total: number) => void; onProgress?: (done: number, total: number) => void } = {},
): Promise<DialogResult[]> {
  const database = await openDemoDatabase({ config, corpus }, { onIngest });
  try {
    return await runDialogs({ db: database.db, config, now: DIALOG_NOW, expertEmail: 'expert@alpenwave.example' }, dialogs, { onProgress });
  } finally {
    await database.close();
  }
}
