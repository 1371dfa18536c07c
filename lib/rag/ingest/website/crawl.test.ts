import { afterEach, describe, expect, it } from 'vitest';
import { crawlWebsite, CrawlConfigError, type CrawlOptions, type CrawlResult, type PageState, type WebsiteDocument } from './crawl';
import { startTestSite, type TestSite } from './test-site';

const sites: TestSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

async function site(options?: Parameters<typeof startTestSite>[0]): Promise<TestSite> {
  const started = await startTestSite(options);
  sites.push(started);
  return started;
}

const crawl = (options: CrawlOptions, previous?: ReadonlyMap<string, PageState>) => crawlWebsite({ delayMs: 0, timeoutMs: 5000, ...options }, previous);
const urls = (docs: WebsiteDocument[]) => docs.map((d) => d.url).sort();
const articleUrls = (s: TestSite) => s.pages.map((p) => s.url(p.path)).sort();
const pathsRequested = (s: TestSite) => s.pageRequests().map((r) => r.path);

describe('crawlWebsite: discovery', () => {
  it('reads the pages a sitemap lists, never the one robots.txt disallows', async () => {
    const s = await site();
    const result = await crawl({ sitemapUrl: s.url('/sitemap.xml') });
    expect(urls(result.documents)).toEqual(articleUrls(s));
    expect(result.skipped).toEqual([{ url: s.url(s.privatePath), reason: 'disallowed by robots.txt' }]);
    expect(s.requestsFor(s.privatePath)).toEqual([]);
    expect(s.requests.map((r) => r.path).slice(0, 2)).toEqual(['/robots.txt', '/sitemap.xml']);
    expect(result).toMatchObject({ broken: [], removed: [], unchanged: [], complete: true, aborted: false, limitReached: false });
    expect(result.requests).toBe(2 + s.pages.length);
    // The sitemap's lastmod is the page's updated day.
    const first = result.documents.find((d) => d.url === s.url(s.pages[0]!.path))!;
    expect(first.updated).toBe(s.pages[0]!.lastModified.toISOString().slice(0, 10));
    expect(first).toMatchObject({ id: `${new URL(s.origin).host}${s.pages[0]!.path}`, slug: 'help-en-article-1', title: 'Setting up service 1', audience: 'public' });
    expect(first.etag).toMatch(/^"/);
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('follows a sitemap index to the sitemaps it lists', async () => {
    const s = await site();
    const result = await crawl({ sitemapUrl: s.url('/sitemap-index.xml') });
    expect(urls(result.documents)).toEqual(articleUrls(s));
    expect(s.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/sitemaps/en.xml', '/sitemaps/de.xml']));
    expect(s.requestsFor(s.privatePath)).toEqual([]);
  });

  it('from a start URL, follows same-origin links breadth-first, without queries, fragments or other sites', async () => {
    const s = await site();
    const result = await crawl({ startUrl: s.url('/') });
    expect(urls(result.documents)).toEqual([s.url('/'), ...articleUrls(s)].sort());
    expect(result.skipped).toEqual([{ url: s.url(s.privatePath), reason: 'disallowed by robots.txt' }]);
    expect(s.requestsFor(s.privatePath)).toEqual([]);
    // The nav links carry ?ref=nav: each page is requested once, without the query.
    const paths = pathsRequested(s);
    expect(paths.some((p) => p.includes('?'))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
    // Breadth-first: the start page first.
    expect(paths[0]).toBe('/');
    expect(result.complete).toBe(true);
    expect(result.state.get(s.url('/'))?.links).toEqual(expect.arrayContaining(articleUrls(s)));
  });

  it('keeps to the include and exclude patterns', async () => {
    const s = await site();
    const de = s.pages.filter((p) => p.lang === 'de');
    const result = await crawl({ sitemapUrl: s.url('/sitemap.xml'), include: ['/help/de/**'], exclude: [de[0]!.path] });
    expect(urls(result.documents)).toEqual(de.slice(1).map((p) => s.url(p.path)).sort());
    expect(pathsRequested(s).sort()).toEqual(de.slice(1).map((p) => p.path).sort());

    const fromStart = await crawl({ startUrl: s.url('/help/en/article-1'), include: ['/help/en/**'] });
    expect(urls(fromStart.documents)).toEqual(s.pages.filter((p) => p.lang === 'en').map((p) => s.url(p.path)).sort());
  });

  it('stops at maxPages and says so', async () => {
    const s = await site();
    const result = await crawl({ sitemapUrl: s.url('/sitemap.xml'), maxPages: 2 });
    expect(result.documents).toHaveLength(2);
    expect(pathsRequested(s)).toHaveLength(2);
    expect(result.limitReached).toBe(true);
  });

  it('skips sitemap entries on another origin without requesting them', async () => {
    const s = await site();
    const other = await site();
    s.route('/mixed.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<urlset><url><loc>${s.url(s.pages[0]!.path)}</loc></url><url><loc>${other.url(other.pages[0]!.path)}</loc></url><url><loc>file:///etc/passwd</loc></url></urlset>`);
    }, { listed: false });
    const result = await crawl({ sitemapUrl: s.url('/mixed.xml') });
    expect(urls(result.documents)).toEqual([s.url(s.pages[0]!.path)]);
    expect(result.skipped.map((x) => x.url)).toEqual([other.url(other.pages[0]!.path), 'file:///etc/passwd']);
    expect(other.requests).toEqual([]);
  });

  it('refuses a configuration it cannot crawl safely, before any request', async () => {
    await expect(crawl({})).rejects.toThrow(CrawlConfigError);
    await expect(crawl({ startUrl: 'https://example.com/', sitemapUrl: 'https://example.com/sitemap.xml' })).rejects.toThrow(CrawlConfigError);
    await expect(crawl({ startUrl: 'file:///etc/passwd' })).rejects.toThrow(/http or https/);
    await expect(crawl({ sitemapUrl: 'data:text/xml,<urlset/>' })).rejects.toThrow(CrawlConfigError);
    await expect(crawl({ startUrl: 'https://example.com/', include: ['help/**'] })).rejects.toThrow(/must start with/);
    await expect(crawl({ startUrl: 'https://example.com/blog', include: ['/help/**'] })).rejects.toThrow(/left out/);
    await expect(crawl({ startUrl: 'https://example.com/', maxPages: 0 })).rejects.toThrow(/maxPages/);
  });
});

describe('crawlWebsite: extraction through the crawl', () => {
  it('keeps headings, drops nav and footer, and tells the languages apart (declared and detected)', async () => {
    const s = await site();
    const result = await crawl({ sitemapUrl: s.url('/sitemap.xml') });
    const byUrl = new Map(result.documents.map((d) => [d.url, d]));
    const en = byUrl.get(s.url('/help/en/article-1'))!;
    expect(en.lang).toBe('en');
    expect(en.body).toContain('## Getting started');
    expect(en.body).toContain('### What you need');
    expect(en.body).not.toContain('Main menu');
    expect(en.body).not.toContain('Copyright');
    expect(en.body).not.toContain('tracking');
    const de = byUrl.get(s.url('/help/de/artikel-2'))!;
    expect(s.page('/help/de/artikel-2').declaresLang).toBe(true);
    expect(de.lang).toBe('de');
    expect(de.body).toContain('## Fehlerbehebung');
    expect(de.body).not.toContain('Hauptmenü');
    // Page 4 has no <html lang>: German is detected from its text.
    expect(s.page('/help/de/artikel-4').declaresLang).toBe(false);
    expect(byUrl.get(s.url('/help/de/artikel-4'))!.lang).toBe('de');
  });
});

describe('crawlWebsite: the next run', () => {
  async function firstRun(s: TestSite, options: CrawlOptions): Promise<CrawlResult> {
    const result = await crawl(options);
    expect(result.broken).toEqual([]);
    s.requests.length = 0;
    return result;
  }

  it('sitemap: 304 pages are unchanged, the changed one comes back, the 404 one is removed', async () => {
    const s = await site();
    const options = { sitemapUrl: s.url('/sitemap.xml') };
    const first = await firstRun(s, options);
    const [changed, gone, ...same] = s.pages;
    s.changePage(changed!.path);
    s.removePage(gone!.path);

    const second = await crawl(options, first.state);
    expect(urls(second.documents)).toEqual([s.url(changed!.path)]);
    expect(second.documents[0]!.body).toContain('video guide');
    expect(second.removed).toEqual([s.url(gone!.path)]);
    expect(second.unchanged.sort()).toEqual(same.map((p) => s.url(p.path)).sort());
    // The unchanged pages were answered 304 to a conditional request.
    for (const p of same) {
      const [request] = s.requestsFor(p.path);
      expect(request?.status).toBe(304);
      expect(request?.headers['if-none-match']).toBe(first.state.get(s.url(p.path))?.etag);
    }
    expect(second.state.has(s.url(gone!.path))).toBe(false);
    expect(second.state.get(s.url(changed!.path))?.contentHash).toBe(second.documents[0]!.contentHash);
    expect(second.state.get(s.url(changed!.path))?.contentHash).not.toBe(first.state.get(s.url(changed!.path))?.contentHash);
  });

  it('a page answered 200 with the same content is unchanged (content hash)', async () => {
    const s = await site();
    s.dropValidators(s.pages[0]!.path);
    const options = { sitemapUrl: s.url('/sitemap.xml') };
    const first = await firstRun(s, options);
    const second = await crawl(options, first.state);
    expect(s.requestsFor(s.pages[0]!.path)[0]?.status).toBe(200);
    expect(second.documents).toEqual([]);
    expect(second.unchanged).toContain(s.url(s.pages[0]!.path));
  });

  it('a page no longer in the sitemap is removed without being requested', async () => {
    const s = await site();
    const options = { sitemapUrl: s.url('/sitemap.xml') };
    const first = await firstRun(s, options);
    const unlisted = s.pages[2]!;
    s.unlistPage(unlisted.path);
    const second = await crawl(options, first.state);
    expect(second.removed).toEqual([s.url(unlisted.path)]);
    expect(s.requestsFor(unlisted.path)).toEqual([]);
    expect(second.complete).toBe(true);
  });

  it('start URL: a 304 page still leads to its links; an unlinked page is removed, a 404 one too', async () => {
    const s = await site();
    const options = { startUrl: s.url('/') };
    const first = await firstRun(s, options);
    const [changed, gone, unlinked, ...same] = s.pages;
    s.changePage(changed!.path);
    s.removePage(gone!.path);
    s.unlistPage(unlinked!.path);
    const second = await crawl(options, first.state);
    // The home page changed (one link less); the changed article is new content.
    expect(urls(second.documents)).toEqual([s.url('/'), s.url(changed!.path)].sort());
    expect(second.removed.sort()).toEqual([s.url(gone!.path), s.url(unlinked!.path)].sort());
    expect(second.unchanged.sort()).toEqual(same.map((p) => s.url(p.path)).sort());
    // Their nav lost a link, so their HTML (and ETag) changed: asked conditionally, answered in full, same text.
    for (const p of same) {
      const [request] = s.requestsFor(p.path);
      expect(request?.headers['if-none-match']).toBe(first.state.get(s.url(p.path))?.etag);
      expect(request?.status).toBe(200);
    }
  });

  it('start URL: when the home page comes back 304, its remembered links are followed', async () => {
    const s = await site();
    const options = { startUrl: s.url('/help/en/article-1') };
    const first = await firstRun(s, options);
    const second = await crawl(options, first.state);
    expect(second.documents).toEqual([]);
    expect(second.unchanged.sort()).toEqual(articleUrls(s).concat(s.url('/')).sort());
    expect(s.pageRequests().every((r) => r.status === 304 || r.path === '/')).toBe(true);
  });

  it('removes nothing on the strength of a listing it could not read', async () => {
    const s = await site();
    const options = { sitemapUrl: s.url('/sitemap.xml') };
    const first = await firstRun(s, options);
    s.route('/sitemap.xml', (_req, res) => {
      res.writeHead(500);
      res.end();
    }, { listed: false });
    const second = await crawl(options, first.state);
    expect(second.complete).toBe(false);
    expect(second.removed).toEqual([]);
    expect(second.broken).toEqual([{ url: s.url('/sitemap.xml'), reason: 'sitemap: HTTP 500' }]);
    // The known pages were checked one by one instead.
    expect(second.unchanged.sort()).toEqual(articleUrls(s));
  });

  it('an unreachable robots.txt stops the crawl but removes nothing', async () => {
    const s = await site();
    const options = { sitemapUrl: s.url('/sitemap.xml') };
    const first = await firstRun(s, options);
    s.route('/robots.txt', (_req, res) => {
      res.writeHead(503);
      res.end();
    }, { listed: false });
    const second = await crawl(options, first.state);
    expect(s.requests.map((r) => r.path)).toEqual(['/robots.txt']);
    expect(second.removed).toEqual([]);
    expect(second.state.size).toBe(first.state.size);
    expect(second.skipped[0]?.reason).toBe('robots.txt unreachable (HTTP 503)');
  });

  it('a start URL robots.txt disallows: nothing requested, nothing removed', async () => {
    const s = await site();
    const options = { startUrl: s.url('/') };
    const first = await firstRun(s, options);
    s.setRobots('User-agent: LanternBot\nDisallow: /$\n');
    const second = await crawl(options, first.state);
    expect(second.skipped[0]).toEqual({ url: s.url('/'), reason: 'disallowed by robots.txt' });
    expect(second.complete).toBe(false);
    // The home page is gone by the site's own rule; the articles were checked one by one and kept.
    expect(second.removed).toEqual([s.url('/')]);
    expect(second.unchanged.sort()).toEqual(articleUrls(s));
    expect(s.requestsFor('/')).toEqual([]);
  });

  it('without a robots.txt (404) everything may be crawled', async () => {
    const s = await site({ robots: null });
    const result = await crawl({ sitemapUrl: s.url('/sitemap.xml') });
    expect(s.requestsFor(s.privatePath)).toHaveLength(1);
    expect(result.documents.map((d) => d.url)).toContain(s.url(s.privatePath));
  });
});

describe('crawlWebsite: broken pages', () => {
  it('reports each failure with its reason and carries on', async () => {
    const s = await site({ pages: 2 });
    const other = await site({ pages: 1 });
    const plain = (status: number, type: string, body: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    s.route('/error', plain(500, 'text/html', 'oops'));
    s.route('/forbidden', plain(403, 'text/html', 'no'));
    s.route('/manual.pdf', plain(200, 'application/pdf', '%PDF-1.4'));
    s.route('/big', plain(200, 'text/html', `<html><body><main><p>${'big '.repeat(5000)}</p></main></body></html>`));
    s.route('/big-chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 50; i++) res.write(`<p>${'chunk '.repeat(100)}</p>`);
      res.end();
    });
    s.route('/away', (_req, res) => {
      res.writeHead(302, { location: other.url('/help/en/article-1') });
      res.end();
    });
    s.route('/moved', (_req, res) => {
      res.writeHead(301, { location: '/help/de/artikel-2' });
      res.end();
    });
    s.route('/loop', (_req, res) => {
      res.writeHead(302, { location: '/loop2' });
      res.end();
    });
    s.route('/loop2', (_req, res) => {
      res.writeHead(302, { location: '/loop' });
      res.end();
    }, { listed: false });
    s.route('/to-private', (_req, res) => {
      res.writeHead(302, { location: s.privatePath });
      res.end();
    });
    s.route('/to-file', (_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    });
    s.route('/slow', () => {
      // Never answers: the crawler's timeout must end it.
    });
    s.route('/empty', plain(200, 'text/html', '<html lang="en"><body><nav>Menu</nav></body></html>'));
    s.route('/spanish', plain(200, 'text/html', '<html lang="es"><body><main><p>Hola, este artículo explica cómo configurar el router.</p></main></body></html>'));

    const result = await crawl({ sitemapUrl: s.url('/sitemap.xml'), maxBytes: 10_000, timeoutMs: 1000 });
    const reasons = Object.fromEntries(result.broken.map((b) => [new URL(b.url).pathname, b.reason]));
    expect(reasons).toEqual({
      '/error': 'HTTP 500',
      '/forbidden': 'HTTP 403',
      '/manual.pdf': 'not an HTML page (application/pdf)',
      '/big': 'too large (more than 10 KB)',
      '/big-chunked': 'too large (more than 10 KB)',
      '/away': `redirected off-site (to ${other.origin})`,
      '/loop': 'too many redirects (more than 5)',
      '/to-private': 'redirected to /private/secret, which disallowed by robots.txt',
      '/to-file': 'redirected to a non-web URL (file:)',
      '/slow': 'timed out after 1000 ms',
      '/empty': 'no text found on the page',
    });
    const skipped = Object.fromEntries(result.skipped.map((x) => [new URL(x.url).pathname, x.reason]));
    expect(skipped['/moved']).toBe(`redirects to ${s.url('/help/de/artikel-2')}`);
    expect(skipped['/spanish']).toMatch(/language "es"/);
    expect(urls(result.documents)).toEqual(articleUrls(s));
    // Never off-site, never the disallowed target.
    expect(other.requests).toEqual([]);
    expect(s.requestsFor(s.privatePath)).toEqual([]);
    // /loop: the first request and five redirects.
    expect(s.requests.filter((r) => r.path.startsWith('/loop'))).toHaveLength(6);
  });
});

describe('crawlWebsite: control', () => {
  it('stops when the signal aborts, between pages', async () => {
    const s = await site();
    const controller = new AbortController();
    const seen: number[] = [];
    const result = await crawlWebsite(
      {
        sitemapUrl: s.url('/sitemap.xml'),
        delayMs: 0,
        signal: controller.signal,
        onProgress: ({ done }) => {
          seen.push(done);
          if (done === 2) controller.abort();
        },
      },
    );
    expect(result.aborted).toBe(true);
    expect(result.complete).toBe(false);
    expect(seen).toEqual([1, 2]);
    expect(s.pageRequests()).toHaveLength(2);
    expect(result.documents).toHaveLength(2);
    expect(result.removed).toEqual([]);
  });

  it('stops when the signal aborts, in the middle of a request', async () => {
    const s = await site();
    s.route('/slow', () => {});
    const previous = new Map<string, PageState>([[s.url('/help/en/article-1'), { contentHash: 'x' }]]);
    const controller = new AbortController();
    const started = performance.now();
    const crawling = crawlWebsite({ startUrl: s.url('/slow'), delayMs: 0, timeoutMs: 10_000, signal: controller.signal }, previous);
    setTimeout(() => controller.abort(), 200);
    const result = await crawling;
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result.aborted).toBe(true);
    expect(result.broken).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(result.state.get(s.url('/help/en/article-1'))).toEqual({ contentHash: 'x' });
  });

  it('waits delayMs between requests', async () => {
    const s = await site({ pages: 4 });
    await crawl({ sitemapUrl: s.url('/sitemap.xml'), delayMs: 150 });
    const times = s.requests.map((r) => r.at);
    expect(times).toHaveLength(2 + 4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(140);
  });

  it("raises the delay to robots.txt's Crawl-delay", async () => {
    const s = await site({ pages: 2, robots: 'User-agent: LanternBot\nCrawl-delay: 0.6\nDisallow: /private/\n' });
    // The timeout counts from when a request may start, not while it waits its turn.
    const result = await crawl({ sitemapUrl: s.url('/sitemap.xml'), delayMs: 0, timeoutMs: 500 });
    expect(result.broken).toEqual([]);
    const times = s.requests.map((r) => r.at);
    expect(times.length).toBe(2 + 2);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(590);
    expect(s.requestsFor(s.privatePath)).toEqual([]);
  });

  it('makes one request at a time', async () => {
    const s = await site({ pages: 4 });
    let open = 0;
    let most = 0;
    const fetchCounting: typeof fetch = async (input, init) => {
      open++;
      most = Math.max(most, open);
      try {
        const response = await fetch(input, init);
        const body = await response.arrayBuffer();
        return new Response(response.status === 304 ? null : body, { status: response.status, headers: response.headers });
      } finally {
        open--;
      }
    };
    const result = await crawlWebsite({ startUrl: s.url('/'), delayMs: 0 }, undefined, { fetch: fetchCounting });
    expect(result.documents.length).toBe(5);
    expect(most).toBe(1);
  });

  it('streams pages to onDocument instead of collecting them, and reports progress', async () => {
    const s = await site();
    const streamed: string[] = [];
    const progress: { done: number; total: number }[] = [];
    const result = await crawl({
      sitemapUrl: s.url('/sitemap.xml'),
      onDocument: async (doc) => {
        // The crawl waits for the caller: no request while a page is being stored.
        const before = s.requests.length;
        await new Promise((r) => setTimeout(r, 20));
        expect(s.requests.length).toBe(before);
        streamed.push(doc.url);
      },
      onProgress: ({ done, total }) => progress.push({ done, total }),
    });
    expect(result.documents).toEqual([]);
    expect(streamed.sort()).toEqual(articleUrls(s));
    expect(progress.map((p) => p.done)).toEqual(s.pages.map((_, i) => i + 1));
    expect(progress.at(-1)).toEqual({ done: s.pages.length, total: s.pages.length });
  });

  it('sends its User-Agent', async () => {
    const s = await site({ pages: 1 });
    await crawl({ sitemapUrl: s.url('/sitemap.xml'), userAgent: 'LanternBot/9 (test)' });
    expect(s.requests.every((r) => r.headers['user-agent'] === 'LanternBot/9 (test)')).toBe(true);
  });
});
