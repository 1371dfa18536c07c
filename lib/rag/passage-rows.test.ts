import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from './ingest/run';
import { writeTestCorpus } from './ingest/test-corpus';
import { documentPassageRows, passageRowsById } from './passage-rows';

const embedder = createEmbedder({ provider: 'local' });
const chunkIds = async (database: Database, documentId: string) =>
  (await queryRows<{ id: number }>(database.db, sql`select id from chunks where document_id = ${documentId} order by ordinal`)).map((r) => Number(r.id));

describe.each(testBackends())('passage rows on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a passage with its document’s slug, and the same again from memory', async () => {
    const [id] = await chunkIds(database, 'roaming-en');
    const first = await passageRowsById(database.db, [id!, 987_654_321]);
    expect([...first.keys()]).toEqual([id]);
    expect(first.get(id!)).toMatchObject({ document_id: 'roaming-en', slug: 'roaming-charges-europe', title: 'Roaming charges in Europe' });
    expect(first.get(id!)!.content).toContain('CHF 2.90 per day');
    expect((await passageRowsById(database.db, [id!])).get(id!)).toBe(first.get(id!));
  });

  it('reads a re-ingested article’s new text: a changed document gets new chunks, and the old ones are gone', async () => {
    const before = await documentPassageRows(database.db, { documentIds: ['roaming-en'], audience: 'all' });
    expect(before.map((r) => r.content).join(' ')).toContain('CHF 2.90 per day');
    const file = path.join(dir, 'en', 'roaming.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('CHF 2.90 per day', 'CHF 3.50 per day'));
    await runIngest(database.db, { dir, source: 'test', embedder });
    const after = await documentPassageRows(database.db, { documentIds: ['roaming-en'], audience: 'all' });
    expect(after.map((r) => r.content).join(' ')).toContain('CHF 3.50 per day');
    expect(after.map((r) => r.id)).not.toContain(before[0]!.id);
    expect((await passageRowsById(database.db, after.map((r) => Number(r.id)))).size).toBe(after.length);
    // In each document's order.
    expect(after.map((r) => r.ordinal)).toEqual([...after.map((r) => r.ordinal)].sort((a, b) => a - b));
  });

  it('keeps what customers may read apart from what staff may: an internal article read for staff is not kept for customers', async () => {
    const staff = await documentPassageRows(database.db, { documentIds: ['goodwill-credits-en'], audience: 'all' });
    expect(staff.length).toBeGreaterThan(0);
    expect(await documentPassageRows(database.db, { documentIds: ['goodwill-credits-en'], audience: 'public' })).toEqual([]);
    const both = await documentPassageRows(database.db, { documentIds: ['roaming-en', 'goodwill-credits-en'], audience: 'public' });
    expect(new Set(both.map((r) => r.document_id))).toEqual(new Set(['roaming-en']));
  });

  it('keeps each database’s rows apart (the same id in another database is another passage)', async () => {
    const other = await open();
    try {
      const [id] = await chunkIds(database, 'roaming-en');
      await passageRowsById(database.db, [id!]);
      expect((await passageRowsById(other.db, [id!])).size).toBe(0);
    } finally {
      await other.close();
    }
  });
});
