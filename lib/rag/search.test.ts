import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEmbeddingModel } from '@/lib/ai/local/embedding-model';
import { createEmbedder, createReranker, type Embedder } from '@/lib/ai/models';
import type { Database, Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from './ingest/run';
import { writeTestCorpus } from './ingest/test-corpus';
import { DEFAULT_SEARCH_WEIGHTS, searchChunks, uniqueDocuments, type SearchMethod } from './search';
import { correctSpelling, MAX_CORRECTED_WORDS } from './spelling';
import { correctQuery } from './correct-query';
import { loadTermStats } from './term-stats';
import { clearSetting, setSetting } from '@/lib/db/queries/settings';
import { typedEmbedding, modelPredicate, vectorLiteral } from './vector-index';

const embedder = createEmbedder({ provider: 'local' });
const reranker = createReranker();
const METHODS: SearchMethod[] = ['fts', 'vector', 'hybrid', 'hybrid+rerank'];

describe.each(testBackends())('search on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  const search = (query: string, extra: Partial<Parameters<typeof searchChunks>[1]> = {}) =>
    searchChunks({ db: database.db, embedder, reranker }, { query, lang: 'en', ...extra });

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(METHODS)('finds the right article with %s, with ranks and metadata', async (method) => {
    const hits = await search('how much does roaming cost per day', { method });
    expect(hits[0]).toMatchObject({ documentId: 'roaming-en', slug: 'roaming-charges-europe', title: 'Roaming charges in Europe', lang: 'en' });
    expect(hits[0]!.ranks.fused).toBe(method === 'hybrid+rerank' ? hits[0]!.ranks.fused : 1);
    if (method !== 'fts') expect(hits[0]!.ranks.vector).toBeGreaterThan(0);
    if (method === 'fts') expect(hits[0]!.ranks.vector).toBeNull();
    if (method === 'hybrid+rerank') expect(hits[0]!.ranks.rerank).toBe(1);
  });

  it('matches the articles’ accented words whether the customer typed the accents or not', async () => {
    // The text columns keep accents ("Weboberfläche"); the `simple` leg alone shows it (the German
    // stemmer of the other leg drops umlauts by itself).
    const simpleOnly = { method: 'fts' as const, lang: 'de', correctSpelling: false, weights: { ...DEFAULT_SEARCH_WEIGHTS, fts: 0 } };
    for (const query of ['weboberflache', 'Weboberfläche', 'WEBOBERFLACHE']) {
      const hits = await search(query, simpleOnly);
      expect(hits[0], query).toMatchObject({ documentId: 'restart-box5-de', ranks: { simple: 1 } });
    }
  });

  it('finds a passage by the dotted number it writes (an address, a version), typed whole in the question', async () => {
    const hits = await search('what is at 192.168.1.1', { method: 'fts', correctSpelling: false });
    expect(hits[0]).toMatchObject({ documentId: 'restart-box5-en', headingPath: 'Restart from the menu' });
  });

  it('never returns internal passages to customers, whatever the query', async () => {
    for (const method of METHODS) {
      const hits = await search('goodwill credit limit for agents CHF 50 team lead', { method, k: 40 });
      expect(hits.every((h) => h.audience === 'public')).toBe(true);
      expect(hits.map((h) => h.documentId)).not.toContain('goodwill-credits-en');
    }
    const staff = await search('goodwill credit limit for agents', { audience: 'all' });
    expect(staff[0]!.documentId).toBe('goodwill-credits-en');
  });

  it('prefers the article in the query’s language', async () => {
    const german = await search('Wie starte ich die Box 5 neu?', { lang: 'de' });
    expect(german[0]!.documentId).toBe('restart-box5-de');
    const english = await search('How do I restart the Box 5?', { lang: 'en' });
    expect(english[0]!.documentId).toBe('restart-box5-en');
  });

  it('deep-links to the passage’s heading', async () => {
    const [hit] = await search('power button on the back', { method: 'hybrid+rerank' });
    expect(hit).toMatchObject({ documentId: 'restart-box5-en', anchor: 'restart-with-the-power-button', headingPath: 'Restart with the power button' });
  });

  it('tells each passage’s place in its article: the opening is 1, each later chunk one more', async () => {
    const hits = await search('restart the box 5', { k: 40 });
    const ordinals = await queryRows<{ id: number; ordinal: number }>(database.db, sql`select id, ordinal from chunks`);
    const ordinal = new Map(ordinals.map((r) => [Number(r.id), Number(r.ordinal)]));
    expect(hits.length).toBeGreaterThan(1);
    for (const h of hits) expect(h.section).toBe(ordinal.get(h.chunkId)! + 1);
    expect(hits.some((h) => h.section === 1)).toBe(true);
  });

  it('filters by product and version', async () => {
    const mobile = await search('restart roaming', { product: 'mobile', k: 40 });
    expect(new Set(mobile.map((h) => h.documentId))).toEqual(new Set(['roaming-en']));
    const box3 = await search('restart the box', { version: 'box3', k: 40 });
    expect(box3.map((h) => h.version).every((v) => v === null || v === 'box3')).toBe(true);
  });

  it('copes with empty, stop-word-only and hostile queries', async () => {
    expect(await search('   ')).toEqual([]);
    await expect(search('the and of')).resolves.toBeInstanceOf(Array);
    await expect(search("'); drop table chunks; -- & | ! :* <->")).resolves.toBeInstanceOf(Array);
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from chunks`);
    expect(row!.n).toBeGreaterThan(0);
  });

  it('corrects misspellings against the corpus vocabulary, and leaves known words alone', async () => {
    expect(await correctSpelling(database.db, 'how much is roming per day')).toEqual({
      query: 'how much is roaming per day',
      corrections: { roming: 'roaming' },
    });
    expect((await correctSpelling(database.db, 'restart the box')).corrections).toEqual({});
    // Short words are left as typed ("dire", "veut" are French, not typos of "die" or "vert").
    expect((await correctSpelling(database.db, 'dire veut menu')).corrections).toEqual({});
    const [hit] = await search('roming charjes', { method: 'fts' });
    expect(hit?.documentId).toBe('roaming-en');
  });

  it('corrects a search query within its language: a word whose stem that language’s articles use is no typo', async () => {
    // Against every language's words, the plural "Neustarts" is a typo of "Neustart"; German articles use its stem.
    expect((await correctSpelling(database.db, 'Neustarts über das Menü')).corrections).toEqual({ neustarts: 'neustart' });
    expect(await correctQuery(database.db, 'Neustarts über das Menü', 'de')).toEqual({ query: 'Neustarts über das Menü', corrections: {} });
    // A query of no known language is corrected as before.
    expect((await correctQuery(database.db, 'how much is roming per day', undefined)).corrections).toEqual({ roming: 'roaming' });
  });

  it('corrects from the term statistics in memory exactly as from the database', async () => {
    // Typos of the corpus's own words (a letter dropped, two swapped, one doubled), and words it has.
    const words = await queryRows<{ word: string }>(database.db, sql`select word from lexeme_stats where field = 'tsv_simple' and length(word) >= 5 order by ndoc desc, word limit 60`);
    const queries = words.flatMap(({ word }) => [word.slice(0, 2) + word.slice(3), word.slice(0, 2) + word[3] + word[2] + word.slice(4), word + word.slice(-1), word]);
    const stats = await loadTermStats(database.db);
    const fromMemory: unknown[] = [];
    const fromDatabase: unknown[] = [];
    for (const query of [...queries, 'how much is roming per day', 'Neustarts über das Menü', 'restart the box']) {
      fromMemory.push(await correctSpelling(database.db, query, undefined, stats.lexicon));
      fromDatabase.push(await correctSpelling(database.db, query));
    }
    expect(fromMemory).toEqual(fromDatabase);
    // The typos were corrected, not merely both left alone.
    expect(fromMemory.filter((r) => Object.keys((r as { corrections: object }).corrections).length > 0).length).toBeGreaterThan(60);
  });

  it('corrects at most a few unknown words of a long message, in one lookup', async () => {
    // Typos of the corpus's own words (two middle letters swapped), so the test does not depend on its wording.
    const words = await queryRows<{ word: string }>(database.db, sql`select word from lexeme_stats where field = 'tsv_simple' and word ~ '^[a-z]{7,}$' order by word limit 40`);
    const typos = words.map(({ word }) => word.slice(0, 3) + word[4] + word[3] + word.slice(5)).filter((typo, i) => typo !== words[i]!.word);
    const correctable: string[] = [];
    for (const typo of typos) if (Object.keys((await correctSpelling(database.db, typo)).corrections).length) correctable.push(typo);
    expect(correctable.length).toBeGreaterThan(MAX_CORRECTED_WORDS);
    const { corrections } = await correctSpelling(database.db, correctable.join(' '));
    expect(Object.keys(corrections)).toEqual(correctable.slice(0, MAX_CORRECTED_WORDS));
  });

  it('searches the company’s synonyms of the customer’s words: a word the articles never use finds them', async () => {
    // The corpus says "Box", never "modem".
    expect(await search('modem', { method: 'fts' })).toEqual([]);
    await setSetting(database.db, { key: 'search_synonyms', value: 'router, modem => box', updatedBy: null });
    try {
      const hits = await search('modem', { method: 'fts' });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((h) => /box/i.test(`${h.title} ${h.content}`))).toBe(true);
      // The reranker counts the synonym as the word: the restart article wins "restart my modem".
      expect((await search('restart my modem'))[0]!.documentId).toBe('restart-box5-en');
    } finally {
      await clearSetting(database.db, { key: 'search_synonyms' });
    }
    expect(await search('modem', { method: 'fts' })).toEqual([]);
  });

  it('ranks whole documents once each', async () => {
    const hits = await search('restart box', { k: 40 });
    const docs = uniqueDocuments(hits).map((h) => h.documentId);
    expect(new Set(docs).size).toBe(docs.length);
  });

  it('answers the vector query from the HNSW index', async () => {
    const [vector] = await embedder.embed(['restart the box'], { lang: 'en' });
    const plan = await database.db.transaction(async (tx) => {
      // For a handful of rows (the planner has their statistics) scanning them and sorting is
      // cheaper; the point is that the index CAN serve the query, as it does at real sizes.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx as unknown as Db,
        sql`explain select id from chunks c where ${modelPredicate(embedder.id)} and c.audience = 'public'
            order by ${typedEmbedding(vector!.length)} <=> ${vectorLiteral(vector!, vector!.length)} limit 40`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan using chunks_embedding_hnsw_/);
  });

  it('ranks, of more matches than a text leg ranks, those with the most of the question\'s words', async () => {
    // 320 passages with one rare word, then one with both: the text legs rank at most 300 / 150
    // candidates, which used to be whichever rows came first in the table.
    const many = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-many-'));
    const article = (id: string, title: string, body: string) => `---\nid: ${id}\ntitle: ${title}\nlang: en\naudience: public\n---\n\n${body}\n`;
    for (let i = 0; i < 320; i++) fs.writeFileSync(path.join(many, `a${String(i).padStart(3, '0')}.md`), article(`note-${i}`, `Note ${i}`, `The zorblat of note ${i}.`));
    fs.writeFileSync(path.join(many, 'zz-both.md'), article('both', 'Both words', 'The zorblat and the quinth together.'));
    const other = await open();
    try {
      await runIngest(other.db, { dir: many, source: 'many', embedder });
      const hits = await searchChunks({ db: other.db, embedder }, { query: 'zorblat quinth', lang: 'en', method: 'fts', weights: { ...DEFAULT_SEARCH_WEIGHTS, maxDfFraction: 1 } });
      expect(hits[0]?.documentId).toBe('both');
    } finally {
      await other.close();
      fs.rmSync(many, { recursive: true, force: true });
    }
  });

  it('leaves out of the text legs a word in more passages than the absolute cut-off, however small a fraction', async () => {
    // 30 of 31 passages say "zorblat": within a 100 % cut-off, but over a cap of 25 passages.
    const many = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-common-'));
    const article = (id: string, body: string) => `---\nid: ${id}\ntitle: ${id}\nlang: en\naudience: public\n---\n\n${body}\n`;
    for (let i = 0; i < 30; i++) fs.writeFileSync(path.join(many, `a${i}.md`), article(`note-${i}`, `The zorblat of note ${i}.`));
    fs.writeFileSync(path.join(many, 'other.md'), article('other', 'Nothing alike here.'));
    const other = await open();
    try {
      await runIngest(other.db, { dir: many, source: 'many', embedder });
      const fts = (maxDfChunks: number) => searchChunks({ db: other.db, embedder }, { query: 'zorblat', lang: 'en', method: 'fts', weights: { ...DEFAULT_SEARCH_WEIGHTS, maxDfFraction: 1, maxDfChunks } });
      expect((await fts(100)).length).toBeGreaterThan(0);
      expect(await fts(25)).toEqual([]);
    } finally {
      await other.close();
      fs.rmSync(many, { recursive: true, force: true });
    }
  });

  it('switching embedding models re-embeds everything and drops the old index', async () => {
    const other = new LocalEmbeddingModel({ dimensions: 128 });
    const otherEmbedder: Embedder = {
      id: other.modelId,
      embed: async (texts) => (await other.doEmbed({ values: texts })).embeddings,
    };
    const result = await runIngest(database.db, { dir, source: 'test', embedder: otherEmbedder });
    expect(result.stats.updated).toBe(result.stats.files);
    const indexes = await queryRows<{ indexname: string }>(database.db, sql`select indexname from pg_indexes where tablename = 'chunks' and indexname like 'chunks_embedding_hnsw_%'`);
    expect(indexes.map((i) => i.indexname)).toEqual([expect.stringMatching(/_128$/)]);
    const hits = await searchChunks({ db: database.db, embedder: otherEmbedder }, { query: 'roaming per day', lang: 'en', method: 'vector' });
    expect(hits[0]!.documentId).toBe('roaming-en');
    // Queries with the old model find nothing to compare against, rather than comparing unlike vectors.
    expect(await search('roaming per day', { method: 'vector' })).toEqual([]);
  });
});
