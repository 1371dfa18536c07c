import { createHash } from 'node:crypto';
import { extractPage, type ExtractedPage } from './extract';
import { decodeBody, fetchPage, type Fetch, type FetchOutcome, type FetchPageOptions } from './http';
import { Pacer } from './pacer';
import { PatternError, UrlFilter } from './patterns';
import { loadRobots, ROBOTS_MAX_BYTES, type RobotsResponse, type RobotsRules } from './robots';
import { readSitemaps, type SitemapResponse } from './sitemap';
import { parseWebUrl } from './url';

/**
 * What the last run knew about a page, keyed by its URL. Pass `CrawlResult.state` back as `previous`
 * on the next run. `links` (start-URL crawls only) lets a 304 page still lead to the pages it
 * links to; a page remembered without links is fetched in full once, so nothing is missed.
 */
export type PageState = { etag?: string | null; lastModified?: string | null; contentHash: string; links?: string[] };

/** A new or changed page. */
export type WebsiteDocument = ExtractedPage & { etag: string | null; lastModified: string | null; contentHash: string };

export type CrawlProgress = { done: number; total: number; url: string };

export type CrawlOptions = {
  /** Crawl breadth-first from here over same-origin links. Give this or sitemapUrl. */
  startUrl?: string;
  /** Crawl the pages a sitemap (or sitemap index) lists. Give this or startUrl. */
  sitemapUrl?: string;
  /** Path patterns a page must match (any of them); none = every page. Syntax in patterns.ts. */
  include?: string[];
  /** Path patterns that leave a page out. */
  exclude?: string[];
  /** Pages requested at most (robots.txt and sitemaps not counted). Default 2000. */
  maxPages?: number;
  /** Link hops from the start URL at most (start-URL crawls). Default 10. */
  maxDepth?: number;
  /** Pause between the end of one request and the start of the next; robots.txt's Crawl-delay raises it. Default 500. */
  delayMs?: number;
  /** Per request (each redirect hop), headers and body. Default 15000. */
  timeoutMs?: number;
  /** Per page; larger pages are broken ("too large"). Default 2 MB. */
  maxBytes?: number;
  /** The User-Agent header. robots.txt is read for the "LanternBot" token whatever this says. */
  userAgent?: string;
  /** Stops the crawl: the request under way is cancelled and the result so far returned with `aborted`. */
  signal?: AbortSignal;
  onProgress?: (progress: CrawlProgress) => void;
  /**
   * Receives each new or changed page as soon as it is read, and is awaited before the next request.
   * When given, `CrawlResult.documents` stays empty: pages are streamed, not collected. An error it
   * throws ends the crawl (it is the caller's, e.g. the database's).
   */
  onDocument?: (document: WebsiteDocument) => void | Promise<void>;
};

export type CrawlDeps = { fetch?: Fetch };

export type CrawlResult = {
  /** New or changed pages; empty when `onDocument` received them. */
  documents: WebsiteDocument[];
  /** Known pages that did not change (304, or the same content hash). */
  unchanged: string[];
  /**
   * Known pages to prune: 404/410, no longer listed or linked (only when the listing was read in
   * full), now excluded by the patterns or robots.txt, noindex, or in another language.
   */
  removed: string[];
  /** Pages that could not be read this time, and why; a known page among them keeps its last version. */
  broken: { url: string; reason: string }[];
  /**
   * URLs deliberately not fetched or not ingested, and why (robots.txt, another origin, noindex,
   * language, a redirect, the page limit). A known page skipped for a reason other than the page limit
   * or an unreachable robots.txt is in `removed` too.
   */
  skipped: { url: string; reason: string }[];
  /** The `previous` for the next run: every page still known, with its validators and hash. */
  state: Map<string, PageState>;
  /** True when the listing (sitemap, or the links of every page) was read in full, so unlisted pages were removed. */
  complete: boolean;
  /** True when maxPages stopped discovery. */
  limitReached: boolean;
  aborted: boolean;
  /** HTTP requests made, robots.txt and sitemaps included. */
  requests: number;
};

export class CrawlConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrawlConfigError';
  }
}

export const CRAWL_DEFAULTS = {
  maxPages: 2000,
  maxDepth: 10,
  delayMs: 500,
  timeoutMs: 15_000,
  maxBytes: 2 * 1024 * 1024,
  userAgent: 'LanternBot/1.0',
} as const;

/** Sitemaps may be much larger than pages (50,000 URLs is about 10 MB). */
const SITEMAP_MAX_BYTES = 20 * 1024 * 1024;
/** Skipped URLs reported at most (a site can link to many disallowed pages). */
const MAX_SKIPPED_REPORTED = 10_000;

/** The content hash of a page: SHA-256 of its title, language and markdown body. */
export function contentHash(page: Pick<ExtractedPage, 'title' | 'lang' | 'body'>): string {
  return createHash('sha256').update(`${page.title}\n${page.lang}\n${page.body}`).digest('hex');
}

function acceptHtml(contentType: string): string | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  // A server that names no type gets the benefit of the doubt: the extractor finds out.
  if (type === '' || type === 'text/html' || type === 'application/xhtml+xml') return null;
  return `not an HTML page (${type})`;
}

function positive(name: string, value: number | undefined, fallback: number, { allowZero = false } = {}): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) throw new CrawlConfigError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  return value;
}

/**
 * Crawls one website politely (one request at a time, robots.txt obeyed, a pause between
 * requests) and reports what changed since `previous`. Only http(s) pages of the start URL's or the
 * sitemap's origin are ever requested; redirects elsewhere are broken. Page failures never throw:
 * they are reported in `broken`. A bad configuration throws CrawlConfigError before any request.
 *
 * Memory: a page's HTML is dropped as soon as it is read. Pages go to `onDocument` when given (then
 * nothing is collected), else to `documents`. The rest is bounded by maxPages: URLs, the per-page
 * state (hash, validators, links) and the reports.
 */
export async function crawlWebsite(options: CrawlOptions, previous: ReadonlyMap<string, PageState> = new Map(), deps: CrawlDeps = {}): Promise<CrawlResult> {
  if (Boolean(options.startUrl) === Boolean(options.sitemapUrl)) throw new CrawlConfigError('give either startUrl or sitemapUrl');
  const entry = parseWebUrl((options.sitemapUrl ?? options.startUrl)!);
  if (!entry) throw new CrawlConfigError(`${options.sitemapUrl ? 'sitemapUrl' : 'startUrl'} must be an http or https URL`);
  const mode: 'sitemap' | 'links' = options.sitemapUrl ? 'sitemap' : 'links';
  const origin = entry.origin;
  let filter: UrlFilter;
  try {
    filter = new UrlFilter(options.include ?? [], options.exclude ?? []);
  } catch (error) {
    if (error instanceof PatternError) throw new CrawlConfigError(error.message);
    throw error;
  }
  const start = mode === 'links' ? filter.apply(entry) : null;
  if (mode === 'links' && !start) throw new CrawlConfigError('startUrl is left out by the include/exclude patterns');
  const maxPages = Math.floor(positive('maxPages', options.maxPages, CRAWL_DEFAULTS.maxPages));
  const maxDepth = Math.floor(positive('maxDepth', options.maxDepth, CRAWL_DEFAULTS.maxDepth, { allowZero: true }));
  const timeoutMs = positive('timeoutMs', options.timeoutMs, CRAWL_DEFAULTS.timeoutMs);
  const maxBytes = positive('maxBytes', options.maxBytes, CRAWL_DEFAULTS.maxBytes);
  const delayMs = positive('delayMs', options.delayMs, CRAWL_DEFAULTS.delayMs, { allowZero: true });
  const userAgent = options.userAgent?.trim() || CRAWL_DEFAULTS.userAgent;
  const { signal } = options;

  const result: CrawlResult = {
    documents: [],
    unchanged: [],
    removed: [],
    broken: [],
    skipped: [],
    state: new Map(previous),
    complete: false,
    limitReached: false,
    aborted: false,
    requests: 0,
  };
  const pacer = new Pacer(delayMs, signal);
  const request = (url: string, extra: Partial<FetchPageOptions>): Promise<FetchOutcome> =>
    fetchPage(url, {
      fetch: deps.fetch ?? globalThis.fetch,
      origin,
      userAgent,
      timeoutMs,
      maxBytes,
      signal,
      allowed: refusal,
      beforeRequest: async () => {
        await pacer.wait();
        result.requests++;
      },
      afterRequest: () => pacer.done(),
      ...extra,
    });

  // robots.txt first: it may forbid everything, and its Crawl-delay paces the rest.
  const robots: RobotsRules = await loadRobots(origin, async (url): Promise<RobotsResponse> => {
    const outcome = await request(url, { maxBytes: ROBOTS_MAX_BYTES, allowed: undefined });
    if (outcome.kind === 'ok') return { kind: 'ok', text: decodeBody(outcome.body, outcome.headers.get('content-type')) };
    if (outcome.kind === 'status') return { kind: 'status', status: outcome.status };
    return { kind: 'failed', reason: outcome.kind === 'failed' ? outcome.reason : 'answered 304 to an unconditional request' };
  });
  if (signal?.aborted) return { ...result, aborted: true };
  if (robots.crawlDelayMs) pacer.atLeast(robots.crawlDelayMs);
  function refusal(url: string): string | null {
    return robots.isAllowed(url) ? null : (robots.reason ?? 'disallowed by robots.txt');
  }
  // An unreachable robots.txt may be a passing outage: it stops the crawl, it does not empty the
  // knowledge base — and it is reported as broken, so the run does not pass for a quiet success.
  const robotsMayRemove = robots.status === 'file';
  if (robots.status === 'unreachable') result.broken.push({ url: new URL('/robots.txt', origin).href, reason: robots.reason ?? 'robots.txt unreachable' });

  const known = (url: string) => previous.has(url);
  const queue: { url: string; depth: number }[] = [];
  const admitted = new Set<string>();
  const accounted = new Set<string>();
  const lastmods = new Map<string, string>();
  const ids = new Map<string, string>();
  const skippedUrls = new Set<string>();
  let linksLost = false;
  let done = 0;

  const skip = (url: string, reason: string) => {
    if (skippedUrls.has(url) || skippedUrls.size >= MAX_SKIPPED_REPORTED) return;
    skippedUrls.add(url);
    result.skipped.push({ url, reason });
  };
  const remove = (url: string) => {
    if (!known(url) || !result.state.has(url)) return;
    accounted.add(url);
    result.state.delete(url);
    result.removed.push(url);
  };
  const broken = (url: string, reason: string) => {
    accounted.add(url);
    result.broken.push({ url, reason });
  };

  /** Puts a URL in the queue if it belongs to the crawl; reports it when it is left out for a reason worth telling. */
  const admit = (raw: URL, depth: number, { report = false } = {}): void => {
    if (raw.origin !== origin) {
      if (report) skip(raw.href, `not on ${origin}`);
      return;
    }
    const url = filter.apply(raw)?.href;
    if (!url || admitted.has(url) || depth > maxDepth) return;
    const refused = refusal(url);
    if (refused) {
      skip(url, refused);
      if (known(url)) {
        accounted.add(url);
        if (robotsMayRemove) remove(url);
      }
      return;
    }
    if (admitted.size >= maxPages) {
      result.limitReached = true;
      if (known(url) && !accounted.has(url)) {
        accounted.add(url);
        skip(url, `page limit (${maxPages}) reached`);
      }
      return;
    }
    admitted.add(url);
    queue.push({ url, depth });
  };

  const finish = (): CrawlResult => {
    result.aborted = Boolean(signal?.aborted);
    if (result.aborted) result.complete = false;
    return result;
  };

  // Discovery.
  let listingComplete = true;
  if (mode === 'sitemap') {
    const sitemapUrl = entry.href;
    const refused = refusal(sitemapUrl);
    if (refused) {
      skip(sitemapUrl, refused);
      listingComplete = false;
    } else {
      const sitemaps = await readSitemaps(
        sitemapUrl,
        async (url): Promise<SitemapResponse> => {
          const outcome = await request(url, { maxBytes: SITEMAP_MAX_BYTES });
          if (outcome.kind === 'ok') return { kind: 'ok', body: outcome.body };
          if (outcome.kind === 'status') return { kind: 'failed', reason: `HTTP ${outcome.status}` };
          return { kind: 'failed', reason: outcome.kind === 'failed' ? outcome.reason : 'answered 304 to an unconditional request' };
        },
        {
          signal,
          maxBytes: SITEMAP_MAX_BYTES,
          accept: (url) => (new URL(url).origin !== origin ? `not on ${origin}` : refusal(url)),
        },
      );
      if (signal?.aborted) return finish();
      for (const problem of sitemaps.problems) result.broken.push({ url: problem.url, reason: `sitemap: ${problem.reason}` });
      listingComplete = sitemaps.complete;
      for (const item of sitemaps.entries) {
        const url = parseWebUrl(item.url);
        if (!url) {
          skip(item.url.slice(0, 300), 'not an http(s) URL');
          continue;
        }
        const before = admitted.size;
        admit(url, 0, { report: true });
        if (admitted.size > before && item.lastmod) lastmods.set(queue.at(-1)!.url, item.lastmod);
      }
    }
  } else {
    admit(start!, 0);
    // A start page robots.txt refuses lists nothing: that is not a listing to remove pages by.
    if (!admitted.has(start!.href)) listingComplete = false;
  }

  const processPage = async (url: string, depth: number): Promise<void> => {
    const prev = previous.get(url);
    // Without its links, a start-URL crawl cannot use a 304: ask for the page in full once.
    const conditional = prev && (mode === 'sitemap' || prev.links !== undefined);
    const headers: Record<string, string> = {};
    if (conditional && prev.etag) headers['if-none-match'] = prev.etag;
    if (conditional && prev.lastModified) headers['if-modified-since'] = prev.lastModified;
    const outcome = await request(url, { headers, acceptContentType: acceptHtml });
    if (signal?.aborted) return;
    accounted.add(url);
    const follow = (links: readonly string[]) => {
      if (mode !== 'links') return;
      for (const link of links) {
        const parsed = parseWebUrl(link);
        if (parsed) admit(parsed, depth + 1);
      }
    };

    if (outcome.kind === 'failed') {
      if (outcome.lostLinks) linksLost = true;
      return broken(url, outcome.reason);
    }
    if (outcome.url !== url) {
      // Same-origin redirect: the target is a page of its own, crawled under its own URL.
      skip(url, `redirects to ${outcome.url}`);
      remove(url);
      const target = parseWebUrl(outcome.url);
      if (target) admit(target, depth);
      return;
    }
    if (outcome.kind === 'not-modified') {
      if (!prev) {
        linksLost = true;
        return broken(url, 'answered 304 Not Modified to an unconditional request');
      }
      result.unchanged.push(url);
      follow(prev.links ?? []);
      return;
    }
    if (outcome.kind === 'status') {
      if (outcome.status === 404 || outcome.status === 410) {
        if (prev) return remove(url);
        return broken(url, `not found (HTTP ${outcome.status})`);
      }
      linksLost = true;
      return broken(url, `HTTP ${outcome.status}`);
    }

    const etag = outcome.headers.get('etag');
    const lastModified = outcome.headers.get('last-modified');
    const extracted = extractPage({
      url,
      html: decodeBody(outcome.body, outcome.headers.get('content-type')),
      contentLanguage: outcome.headers.get('content-language'),
      lastModified,
      robotsHeader: outcome.headers.get('x-robots-tag'),
      lastmod: lastmods.get(url) ?? null,
    });
    const links = mode === 'links' ? sameOriginLinks(extracted.links) : undefined;
    if (links) follow(links);
    const { result: read } = extracted;
    if (read.kind === 'skip') {
      skip(url, read.reason);
      return remove(url);
    }
    if (read.kind === 'empty') return broken(url, read.reason);

    const page = read.page;
    const twin = ids.get(page.id);
    if (twin !== undefined && twin !== url) {
      skip(url, `same page as ${twin}`);
      return remove(url);
    }
    ids.set(page.id, url);
    const hash = contentHash(page);
    result.state.set(url, { etag, lastModified, contentHash: hash, ...(links ? { links } : {}) });
    if (prev?.contentHash === hash) {
      result.unchanged.push(url);
      return;
    }
    const document: WebsiteDocument = { ...page, etag, lastModified, contentHash: hash };
    if (options.onDocument) await options.onDocument(document);
    else result.documents.push(document);
  };

  const sameOriginLinks = (links: readonly string[]): string[] => {
    const kept = new Set<string>();
    for (const link of links) {
      const parsed = parseWebUrl(link);
      const url = parsed && parsed.origin === origin ? filter.apply(parsed)?.href : undefined;
      if (url) kept.add(url);
    }
    return [...kept];
  };

  let next = 0;
  const drain = async () => {
    while (next < queue.length) {
      if (signal?.aborted) return;
      const { url, depth } = queue[next++]!;
      await processPage(url, depth);
      if (signal?.aborted) return;
      done++;
      options.onProgress?.({ done, total: queue.length, url });
    }
  };

  await drain();
  if (signal?.aborted) return finish();

  // Pages known from the last run that this one did not reach.
  result.complete = listingComplete && (mode === 'sitemap' || (!linksLost && !result.limitReached));
  for (const url of previous.keys()) {
    if (accounted.has(url) || admitted.has(url)) continue;
    const parsed = parseWebUrl(url);
    const kept = parsed && parsed.origin === origin ? filter.apply(parsed) : null;
    if (!kept || kept.href !== url) {
      // The patterns (or the origin) no longer take it in.
      remove(url);
    } else if (refusal(url)) {
      skip(url, refusal(url)!);
      accounted.add(url);
      if (robotsMayRemove) remove(url);
    } else if (result.complete) {
      // The listing was read in full and no longer names it.
      remove(url);
    } else {
      // The listing may have missed it: look at the page itself.
      admit(parsed!, mode === 'links' ? maxDepth : 0);
    }
  }
  await drain();
  return finish();
}
