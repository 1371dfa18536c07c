import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSitemap, readSitemaps, type SitemapResponse } from './sitemap';

const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const index = (locs: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;
const ok = (text: string): SitemapResponse => ({ kind: 'ok', body: new TextEncoder().encode(text) });

describe('parseSitemap', () => {
  it('reads <url> entries with their lastmod day, ignoring extension elements', () => {
    const xml = `<?xml version="1.0"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://example.com/a?x=1&amp;y=2 </loc><image:image><image:loc>https://example.com/a.png</image:loc></image:image><lastmod>2026-02-03T10:00:00+00:00</lastmod></url>
  <url><loc><![CDATA[https://example.com/b]]></loc></url>
  <url><lastmod>2026-01-01</lastmod></url>
</urlset>`;
    expect(parseSitemap(xml)).toEqual({
      kind: 'urlset',
      entries: [
        { url: 'https://example.com/a?x=1&y=2', lastmod: '2026-02-03' },
        { url: 'https://example.com/b', lastmod: null },
      ],
    });
  });

  it('reads a sitemap index', () => {
    expect(parseSitemap(index(['https://example.com/s1.xml', 'https://example.com/s2.xml']))).toEqual({ kind: 'index', sitemaps: ['https://example.com/s1.xml', 'https://example.com/s2.xml'] });
  });

  it('does not expand entities (no external entity, no entity bomb)', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE u [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><urlset><url><loc>&x;&b;</loc></url></urlset>`;
    const parsed = parseSitemap(xml);
    expect(parsed.kind).toBe('urlset');
    if (parsed.kind === 'urlset') expect(parsed.entries[0]?.url).toBe('&x;&b;');
  });

  it('says so when the text is not a sitemap', () => {
    expect(parseSitemap('<html><body>hello</body></html>').kind).toBe('invalid');
    expect(parseSitemap('not xml at all').kind).toBe('invalid');
  });

  it('stops at the entry bound', () => {
    const parsed = parseSitemap(urlset(Array.from({ length: 20 }, (_, i) => `https://example.com/${i}`)), 5);
    expect(parsed.kind === 'urlset' && parsed.entries.length).toBe(5);
  });
});

describe('readSitemaps', () => {
  it('follows nested indexes, reads gzip, and reports a complete listing', async () => {
    const files: Record<string, SitemapResponse> = {
      'https://example.com/sitemap.xml': ok(index(['https://example.com/a.xml', '/b.xml.gz'])),
      'https://example.com/a.xml': ok(index(['https://example.com/a1.xml'])),
      'https://example.com/a1.xml': ok(urlset(['https://example.com/p1'])),
      'https://example.com/b.xml.gz': { kind: 'ok', body: gzipSync(urlset(['https://example.com/p2'])) },
    };
    const asked: string[] = [];
    const result = await readSitemaps('https://example.com/sitemap.xml', async (url) => {
      asked.push(url);
      return files[url] ?? { kind: 'failed', reason: 'HTTP 404' };
    });
    expect(result.entries.map((e) => e.url).sort()).toEqual(['https://example.com/p1', 'https://example.com/p2']);
    expect(result.complete).toBe(true);
    expect(result.problems).toEqual([]);
    expect(asked).toHaveLength(4);
  });

  it('bounds depth, file count and entries, and says the listing is incomplete', async () => {
    // An index that lists an index that lists an index ... forever.
    let n = 0;
    const deep = await readSitemaps('https://example.com/0.xml', async () => ok(index([`https://example.com/${++n}.xml`])), { maxDepth: 2 });
    expect(n).toBe(3);
    expect(deep.complete).toBe(false);
    expect(deep.problems.at(-1)?.reason).toMatch(/deeper than 2/);

    const wide = await readSitemaps('https://example.com/s.xml', async (url) =>
      url.endsWith('/s.xml') ? ok(index(Array.from({ length: 10 }, (_, i) => `https://example.com/${i}.xml`))) : ok(urlset([`${url}/page`])),
      { maxSitemaps: 4 },
    );
    expect(wide.entries).toHaveLength(3);
    expect(wide.complete).toBe(false);

    const many = await readSitemaps('https://example.com/s.xml', async () => ok(urlset(Array.from({ length: 100 }, (_, i) => `https://example.com/${i}`))), { maxEntries: 10 });
    expect(many.entries).toHaveLength(10);
    expect(many.complete).toBe(false);
  });

  it('reports unreadable files and refused nested sitemaps', async () => {
    const result = await readSitemaps(
      'https://example.com/sitemap.xml',
      async (url) => (url.endsWith('sitemap.xml') ? ok(index(['https://other.example/s.xml', 'https://example.com/broken.xml'])) : { kind: 'failed', reason: 'HTTP 500' }),
      { accept: (url) => (url.startsWith('https://example.com/') ? null : 'another site') },
    );
    expect(result.complete).toBe(false);
    expect(result.problems).toEqual([
      { url: 'https://other.example/s.xml', reason: 'another site' },
      { url: 'https://example.com/broken.xml', reason: 'HTTP 500' },
    ]);
  });

  it('refuses a gzip bomb past the byte bound', async () => {
    const bomb = gzipSync(Buffer.alloc(5 * 1024 * 1024, 32));
    const result = await readSitemaps('https://example.com/s.xml.gz', async () => ({ kind: 'ok', body: bomb }), { maxBytes: 1024 * 1024 });
    expect(result.problems[0]?.reason).toMatch(/too large/);
    expect(result.complete).toBe(false);
  });
});
