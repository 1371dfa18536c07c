import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from './ingest/run';
import { writeTestCorpus } from './ingest/test-corpus';
import { fold } from '@/lib/ai/local/text';
import { invalidateTermStats, loadTermStats } from './term-stats';

describe.each(testBackends())('the corpus vocabulary on $name', ({ open }) => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('tells the language of a short text by the words only one language’s articles use', async () => {
    const stats = await loadTermStats(database.db);
    expect(stats.vocabularyLanguage('Verbindungsprobleme')).toBe('de');
    expect(stats.vocabularyLanguage('zzzz qqqq')).toBeUndefined();
  });

  it('writes a word as the articles do: accents restored, a word they use as typed kept, an unknown one as typed', async () => {
    const stats = await loadTermStats(database.db);
    expect(stats.asWritten('weboberflache')).toEqual(['weboberfläche']);
    expect(stats.asWritten('weboberfläche')).toEqual(['weboberfläche']);
    // As the database stores it: a server in the C locale does not lower-case "Ö" ("Öffnen").
    const opened = stats.asWritten('offnen');
    expect(opened).toHaveLength(1);
    expect(opened[0]).not.toBe('offnen');
    expect(fold(opened[0]!)).toBe('offnen');
    expect(stats.asWritten('die')).toEqual(['die']);
    expect(stats.asWritten('zzzzq')).toEqual(['zzzzq']);
  });

  it('keeps the prior language for words every language’s articles use, unless another language uses them clearly more', async () => {
    const stats = await loadTermStats(database.db);
    expect(stats.vocabularyLanguage('Alpenwave Box', 'en')).toBe('en');
    expect(stats.vocabularyLanguage('Alpenwave Box', 'de')).toBe('de');
    expect(stats.vocabularyLanguage('Alpenwave Box')).toBeUndefined();
    expect(stats.vocabularyLanguage('Verbindungsprobleme', 'en')).toBe('de');
  });

  it('reads the words per language as ingest counted them, not by scanning every chunk', async () => {
    // Counting per language on the first search took 36 s at a million chunks; ingest now stores it.
    const [counted] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from chunks c where c.lang = 'de' and c.tsv_simple @@ 'verbindungsprobleme'::tsquery`,
    );
    const [stored] = await queryRows<{ n: number }>(database.db, sql`select nchunks as n from word_usage where lang = 'de' and word = 'verbindungsprobleme'`);
    expect(counted!.n).toBeGreaterThan(0);
    expect(stored?.n).toBe(counted!.n);
    // What the chat reads is that table: emptied, the word is no longer German.
    await database.db.execute(sql`update word_usage set lang = 'xx' where word = 'verbindungsprobleme'`);
    invalidateTermStats(database.db);
    try {
      expect((await loadTermStats(database.db)).vocabularyLanguage('Verbindungsprobleme')).toBeUndefined();
    } finally {
      await database.db.execute(sql`update word_usage set lang = 'de' where word = 'verbindungsprobleme'`);
      invalidateTermStats(database.db);
    }
    expect((await loadTermStats(database.db)).vocabularyLanguage('Verbindungsprobleme')).toBe('de');
  });

  it('reads a misspelt or inflected word by its nearest known word', async () => {
    const stats = await loadTermStats(database.db);
    // Not in the corpus as typed; one or two edits from German words that are.
    expect(stats.vocabularyLanguage('Verbindungsproblme')).toBe('de');
    expect(stats.vocabularyLanguage('Statusanzeigen')).toBe('de');
    // Short words are not guessed at: too many neighbours.
    expect(stats.vocabularyLanguage('Neus')).toBeUndefined();
  });
});
