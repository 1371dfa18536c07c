import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { searchChunks } from '@/lib/rag/search';
import { buildSources } from '@/lib/rag/sources';
import { runIngest } from './run';
import { startTestSite, type TestSite } from './website/test-site';

/** A website as a knowledge source, end to end: crawl, index, search, cite the page where it lives; then a later run. */
describe.each(testBackends())('website source on $name', ({ open }) => {
  let database: Database;
  let site: TestSite;
  const embedder = createEmbedder({ provider: 'local' });
  const ingest = () => runIngest(database.db, { website: { sitemapUrl: site.url('/sitemap.xml'), delayMs: 0 }, embedder });
  const stored = () =>
    queryRows<{ id: string; source: string; source_url: string | null; ingested_at: string }>(
      database.db,
      sql`select id, source, source_url, ingested_at::text from documents order by id`,
    );

  beforeAll(async () => {
    database = await open();
    site = await startTestSite({ pages: 8 });
  });
  afterAll(async () => {
    await site?.close();
    await database?.close();
  });

  it('ingests every page the sitemap lists except what robots.txt disallows, each with its address', async () => {
    const result = await ingest();
    expect(result.source).toBe(`site:${site.origin}`);
    expect(result.stats).toMatchObject({ added: 8, updated: 0, deleted: 0, failed: 0 });
    expect(site.requestsFor(site.privatePath)).toEqual([]);
    const docs = await stored();
    expect(docs).toHaveLength(8);
    expect(docs.every((d) => d.source === `site:${site.origin}`)).toBe(true);
    expect(docs.map((d) => d.source_url).sort()).toEqual(site.pages.map((p) => site.url(p.path)).sort());
    const [pages] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from website_pages`);
    expect(pages!.n).toBe(8);
  });

  it('finds a page’s passage and cites it at its address on the site', async () => {
    const hits = await searchChunks({ db: database.db, embedder }, { query: 'light on the device stays red', lang: 'en', k: 3 });
    expect(hits.length).toBeGreaterThan(0);
    const [source] = buildSources({ hits: hits.slice(0, 1) });
    expect(source!.url).toBe(hits[0]!.sourceUrl);
    expect(source!.url.startsWith(`${site.origin}/help/`)).toBe(true);
  });

  it('a later run fetches only what changed: one page updated, one pruned, the rest untouched', async () => {
    const before = new Map((await stored()).map((d) => [d.id, d.ingested_at]));
    const changed = site.pages[0]!;
    const gone = site.pages[1]!;
    site.changePage(changed.path, 'Since this week the device also has a blue light.');
    site.removePage(gone.path);
    const requestsBefore = site.pageRequests().length;
    const result = await ingest();
    expect(result.stats).toMatchObject({ added: 0, updated: 1, unchanged: 6, deleted: 1 });
    const docs = await stored();
    expect(docs).toHaveLength(7);
    expect(docs.map((d) => d.source_url)).not.toContain(site.url(gone.path));
    // The six untouched pages keep their stored version (the same ingest time); only the changed one is new.
    const rewritten = docs.filter((d) => before.get(d.id) !== d.ingested_at).map((d) => d.source_url);
    expect(rewritten).toEqual([site.url(changed.path)]);
    // Conditional requests: the untouched pages answered 304.
    const second = site.pageRequests().slice(requestsBefore);
    expect(second.filter((r) => r.status === 304)).toHaveLength(6);
    const [pages] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from website_pages`);
    expect(pages!.n).toBe(7);
  });

  it('a page that breaks keeps its last version, and a folder option with it is refused', async () => {
    const broken = site.pages[2]!;
    site.route(broken.path, (_req, res) => {
      res.writeHead(500).end('oops');
    });
    const result = await ingest();
    expect(result.errors).toContainEqual({ path: site.url(broken.path), message: 'HTTP 500' });
    expect(result.stats).toMatchObject({ deleted: 0 });
    expect((await stored()).map((d) => d.source_url)).toContain(site.url(broken.path));
    await expect(runIngest(database.db, { dir: 'content/articles', website: { sitemapUrl: site.url('/sitemap.xml') }, embedder })).rejects.toThrow(/not both/);
  });

  it('an unreachable robots.txt stops the crawl as a reported problem: nothing fetched, nothing pruned', async () => {
    const before = (await stored()).length;
    site.route('/robots.txt', (_req, res) => {
      res.writeHead(503).end();
    });
    const requestsBefore = site.pageRequests().length;
    const result = await ingest();
    expect(result.errors).toContainEqual({ path: site.url('/robots.txt'), message: 'robots.txt unreachable (HTTP 503)' });
    expect(result.stats).toMatchObject({ added: 0, updated: 0, deleted: 0 });
    expect(site.pageRequests().length).toBe(requestsBefore);
    expect(await stored()).toHaveLength(before);
  });
});
