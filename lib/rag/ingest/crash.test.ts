import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { openPglite } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { markInterruptedIngestRuns } from '@/lib/db/queries/ingest-runs';
import { clearLeases } from '@/lib/db/queries/leases';
import { queryRows } from '@/lib/db/rows';
import { searchChunks } from '@/lib/rag/search';
import { runIngest } from './run';
import { writeTestCorpus } from './test-corpus';

const embedder = createEmbedder({ provider: 'local' });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-crash-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function snapshot(dataDir: string) {
  const database = await openPglite({ dataDir });
  try {
    const docs = await queryRows<{ id: string; content_hash: string }>(database.db, sql`select id, content_hash from documents order by id`);
    const chunks = await queryRows<{ id: number; content: string }>(database.db, sql`select id, content from chunks order by id`);
    const hits = await searchChunks({ db: database.db, embedder }, { query: 'roaming charges', lang: 'en', method: 'hybrid' });
    return { docs, chunks, top: hits[0]?.documentId };
  } finally {
    await database.close();
  }
}

describe('an ingest killed halfway (embedded database)', () => {
  it('leaves the previous index intact and searchable, and the next run completes', async () => {
    const dataDir = path.join(root, 'pglite');
    const corpus = writeTestCorpus();
    const database = await openPglite({ dataDir });
    await migrateDatabase(database);
    await runIngest(database.db, { dir: corpus, source: 'test', embedder });
    await database.close();
    const before = await snapshot(dataDir);
    expect(before.top).toBe('roaming-en');

    // Change everything a run can change, then crash in the middle of writing it.
    fs.writeFileSync(path.join(corpus, 'en', 'roaming.md'), fs.readFileSync(path.join(corpus, 'en', 'roaming.md'), 'utf8').replace('CHF 2.90', 'CHF 9.99'));
    fs.rmSync(path.join(corpus, 'notes.txt'));
    fs.writeFileSync(path.join(corpus, 'en', 'new.md'), '# A new article\n\nAbout eSIM activation on a new phone.');
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'ingest-and-die.ts'), dataDir, corpus], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stdout).toContain('dying in the write phase');
    expect(child.signal).toBe('SIGKILL');

    const after = await snapshot(dataDir);
    expect(after).toEqual(before);

    const reopened = await openPglite({ dataDir });
    // The killed run is left 'running'; the next owner of the data dir marks it interrupted.
    expect(await markInterruptedIngestRuns(reopened.db)).toBe(1);
    const runs = await queryRows<{ status: string }>(reopened.db, sql`select status from ingest_runs order by id`);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'interrupted']);
    // The killed run's ingest lease is still there (it would block the next run until it
    // lapsed); the next owner of the data dir drops it, as openConfiguredDatabase does.
    expect(await clearLeases(reopened.db)).toBe(1);
    const result = await runIngest(reopened.db, { dir: corpus, source: 'test', embedder });
    expect(result.stats).toMatchObject({ added: 1, updated: 1, deleted: 1 });
    const [row] = await queryRows<{ n: number }>(reopened.db, sql`select count(*)::int as n from chunks where content like '%CHF 9.99%'`);
    expect(row!.n).toBe(1);
    await reopened.close();
  });
});
