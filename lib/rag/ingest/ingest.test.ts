import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_EMBEDDING_DIMENSIONS } from '@/lib/ai/local/embedding-model';
import { createEmbedder, type Embedder } from '@/lib/ai/models';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { clearSetting, getSetting, setSetting } from '@/lib/db/queries/settings';
import { runIngest } from './run';
import { writeTestCorpus } from './test-corpus';

/** The local embedder, counting how many texts it was asked to embed. */
function countingEmbedder(): Embedder & { calls: number } {
  const inner = createEmbedder({ provider: 'local' });
  const counter = {
    id: inner.id,
    calls: 0,
    async embed(texts: string[], options?: { lang?: string }) {
      counter.calls += texts.length;
      return inner.embed(texts, options);
    },
  };
  return counter;
}

describe.each(testBackends())('ingest on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  const embedder = countingEmbedder();
  const ingest = () => runIngest(database.db, { dir, source: 'test', embedder });
  const docIds = async () =>
    (await queryRows<{ id: string }>(database.db, sql`select id from documents order by id`)).map((r) => r.id);

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ingests markdown, HTML, text and PDF with their metadata', async () => {
    const result = await ingest();
    expect(result.errors).toEqual([]);
    expect(result.stats).toMatchObject({ files: 7, added: 7, updated: 0, unchanged: 0, deleted: 0, failed: 0 });
    expect(await docIds()).toEqual([
      'goodwill-credits-en', 'guides/fibre-install', 'manuals/box3-quick-start', 'notes', 'restart-box5-de', 'restart-box5-en', 'roaming-en',
    ]);
    const [html] = await queryRows<{ title: string; lang: string; body: string }>(
      database.db, sql`select title, lang, body from documents where id = 'guides/fibre-install'`);
    expect(html).toMatchObject({ title: 'Fibre installation guide', lang: 'en' });
    expect(html!.body).toContain('OTO box');
    expect(html!.body).not.toContain('Menu');
    const [pdf] = await queryRows<{ body: string }>(database.db, sql`select body from documents where id = 'manuals/box3-quick-start'`);
    expect(pdf!.body).toContain('Connect the grey DSL cable');
    const [txt] = await queryRows<{ title: string }>(database.db, sql`select title from documents where id = 'notes'`);
    expect(txt!.title).toBe('Opening hours');
    // The planner has statistics for what was just written (PGlite runs no autovacuum).
    const analyzed = await queryRows<{ relname: string }>(
      database.db, sql`select relname from pg_stat_user_tables where relname in ('chunks', 'documents', 'lexeme_stats') and last_analyze is not null order by relname`);
    expect(analyzed.map((r) => r.relname)).toEqual(['chunks', 'documents', 'lexeme_stats']);

    const chunks = await queryRows<{ heading_path: string; anchor: string | null; title: string; ts_config: string; embedding_dim: number; version: string | null }>(
      database.db,
      sql`select heading_path, anchor, title, ts_config::text, embedding_dim, version from chunks where document_id = 'restart-box5-de' order by ordinal`,
    );
    expect(chunks.map((c) => [c.heading_path, c.anchor])).toEqual([['', null], ['Neustart über das Menü', 'neustart-über-das-menü']]);
    expect(chunks[0]).toMatchObject({ title: 'Alpenwave Box 5 neu starten', ts_config: 'german', embedding_dim: LOCAL_EMBEDDING_DIMENSIONS, version: 'box5' });
  });

  it('re-ingesting an unchanged folder changes nothing and embeds nothing', async () => {
    const before = await queryRows<{ id: number }>(database.db, sql`select id from chunks order by id`);
    embedder.calls = 0;
    const result = await ingest();
    expect(result.stats).toMatchObject({ unchanged: 7, added: 0, updated: 0, deleted: 0, chunksWritten: 0 });
    expect(embedder.calls).toBe(0);
    expect(await queryRows<{ id: number }>(database.db, sql`select id from chunks order by id`)).toEqual(before);
  });

  it('re-embeds only the chunks of an edited article', async () => {
    const file = path.join(dir, 'en', 'roaming.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('CHF 2.90', 'CHF 3.50'));
    embedder.calls = 0;
    const result = await ingest();
    expect(result.stats).toMatchObject({ updated: 1, unchanged: 6, added: 0 });
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from chunks where document_id = 'roaming-en'`);
    expect(embedder.calls).toBe(count!.n);
    expect(result.stats.chunksWritten).toBe(count!.n);
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from chunks where content like '%CHF 3.50%'`);
    expect(row!.n).toBe(1);
  });

  it('prunes deleted files, and reports a broken file without losing its previous version', async () => {
    fs.rmSync(path.join(dir, 'notes.txt'));
    const roaming = path.join(dir, 'en', 'roaming.md');
    const good = fs.readFileSync(roaming, 'utf8');
    fs.writeFileSync(roaming, good.replace('audience: public', 'audience: [broken'));
    const result = await ingest();
    expect(result.stats).toMatchObject({ deleted: 1, failed: 1 });
    expect(result.errors).toEqual([{ path: path.join('en', 'roaming.md'), message: expect.stringMatching(/front matter/) }]);
    const ids = await docIds();
    expect(ids).not.toContain('notes');
    expect(ids).toContain('roaming-en');
    fs.writeFileSync(roaming, good);
  });

  it('records each run with its counts and errors', async () => {
    const runs = await queryRows<{ status: string; stats: { files: number } | null; errors: unknown[] }>(
      database.db, sql`select status, stats, errors from ingest_runs order by id`);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(runs.at(-1)!.errors).toHaveLength(1);
  });

  it('refuses a document whose url another document already uses, and keeps going', async () => {
    const copy = path.join(dir, 'en', 'roaming-copy.md');
    fs.writeFileSync(copy, fs.readFileSync(path.join(dir, 'en', 'roaming.md'), 'utf8').replace('id: roaming-en', 'id: roaming-copy'));
    const result = await ingest();
    expect(result.errors).toEqual([{ path: path.join('en', 'roaming-copy.md'), message: 'duplicate url "roaming-charges-europe"' }]);
    fs.rmSync(copy);
  });

  it('loads synonyms.txt into the search settings (not as an article) until an expert has edited them', async () => {
    fs.writeFileSync(path.join(dir, 'synonyms.txt'), '# test\nrouter, modem => box\nlonely\n');
    try {
      const result = await ingest();
      expect(await docIds()).not.toContain('synonyms');
      expect(result.errors).toEqual([{ path: 'synonyms.txt:3', message: expect.stringMatching(/at least two words/) }]);
      expect(await getSetting(database.db, { key: 'search_synonyms' })).toContain('router, modem => box');
      // An expert's version wins over the file from then on.
      const expert = await queryRows<{ id: string }>(database.db, sql`insert into users (email, name, role, password_hash) values ('syn@example.ch', 'Syn', 'expert', 'x') returning id`);
      await setSetting(database.db, { key: 'search_synonyms', value: 'wlan => wi-fi', updatedBy: expert[0]!.id });
      await ingest();
      expect(await getSetting(database.db, { key: 'search_synonyms' })).toBe('wlan => wi-fi');
    } finally {
      fs.rmSync(path.join(dir, 'synonyms.txt'));
      await clearSetting(database.db, { key: 'search_synonyms' });
    }
  });
});
