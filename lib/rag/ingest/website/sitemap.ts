import { DOMParser } from 'linkedom';
import { gunzipSync } from 'node:zlib';

/**
 * Sitemaps (sitemaps.org): a <urlset> lists pages, a <sitemapindex> lists further sitemaps. Parsed
 * as XML with linkedom (entities are not expanded, no DTD is fetched), never with regular
 * expressions; read breadth-first with bounds on depth, on the number of sitemap files and on the
 * number of entries.
 */

export type SitemapEntry = { url: string; lastmod: string | null };

export type ParsedSitemap =
  | { kind: 'urlset'; entries: SitemapEntry[] }
  | { kind: 'index'; sitemaps: string[] }
  | { kind: 'invalid'; reason: string };

/** What the crawler got for one sitemap file. */
export type SitemapResponse = { kind: 'ok'; body: Uint8Array } | { kind: 'failed'; reason: string };

export type SitemapLimits = {
  /** Index nesting: 1 = only the given file may be an index of urlsets. Default 3. */
  maxDepth?: number;
  /** Sitemap files read in all. Default 50. */
  maxSitemaps?: number;
  /** Page entries kept in all (the protocol's limit per file is 50,000). Default 50,000. */
  maxEntries?: number;
  /** Bytes of one sitemap after decompression. Default 50 MB (the protocol's limit). */
  maxBytes?: number;
};

export type SitemapResult = {
  entries: SitemapEntry[];
  /** Sitemap files that could not be read or were left out, and why. */
  problems: { url: string; reason: string }[];
  /** True when every sitemap was read in full: only then is "not listed" a reason to remove a page. */
  complete: boolean;
};

const DEFAULTS = { maxDepth: 3, maxSitemaps: 50, maxEntries: 50_000, maxBytes: 50 * 1024 * 1024 };

/** The day (YYYY-MM-DD, UTC) of a W3C datetime or HTTP date, or null. */
export function dayOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

function childText(element: Element, name: string): string | null {
  for (const child of Array.from(element.children)) {
    if (child.tagName.toLowerCase() === name) return child.textContent?.trim() || null;
  }
  return null;
}

/** One sitemap file's XML. Entries without <loc> are dropped; URLs are returned as written (trimmed). */
export function parseSitemap(xml: string, maxEntries = DEFAULTS.maxEntries): ParsedSitemap {
  let root: Element | null;
  try {
    root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as Element | null;
  } catch (error) {
    return { kind: 'invalid', reason: `not XML (${(error as Error).message})` };
  }
  const name = root?.tagName?.toLowerCase();
  if (!root || (name !== 'urlset' && name !== 'sitemapindex')) return { kind: 'invalid', reason: 'not a sitemap (no <urlset> or <sitemapindex>)' };
  if (name === 'sitemapindex') {
    const sitemaps: string[] = [];
    for (const child of Array.from(root.children)) {
      if (child.tagName.toLowerCase() !== 'sitemap') continue;
      const loc = childText(child, 'loc');
      if (loc) sitemaps.push(loc);
      if (sitemaps.length >= maxEntries) break;
    }
    return { kind: 'index', sitemaps };
  }
  const entries: SitemapEntry[] = [];
  for (const child of Array.from(root.children)) {
    if (child.tagName.toLowerCase() !== 'url') continue;
    const loc = childText(child, 'loc');
    if (loc) entries.push({ url: loc, lastmod: dayOf(childText(child, 'lastmod')) });
    if (entries.length >= maxEntries) break;
  }
  return { kind: 'urlset', entries };
}

/** The XML text of a sitemap body, gunzipped when it is gzip (sitemap.xml.gz), or a reason. */
export function sitemapText(body: Uint8Array, maxBytes = DEFAULTS.maxBytes): { text: string } | { reason: string } {
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      return { text: new TextDecoder().decode(gunzipSync(body, { maxOutputLength: maxBytes })) };
    } catch (error) {
      const code = (error as { code?: string }).code;
      return { reason: code === 'ERR_BUFFER_TOO_LARGE' ? 'too large once decompressed' : 'unreadable gzip' };
    }
  }
  return { text: new TextDecoder().decode(body) };
}

/**
 * Reads a sitemap and the sitemaps it lists, breadth-first, through `get` (the crawler's paced,
 * same-origin fetch). `accept` says whether a nested sitemap URL may be requested (same origin,
 * robots.txt): null when it may, or why not. Page URLs are returned unfiltered; the crawler checks them.
 */
export async function readSitemaps(
  sitemapUrl: string,
  get: (url: string) => Promise<SitemapResponse>,
  { accept, signal, ...limits }: SitemapLimits & { accept?: (url: string) => string | null; signal?: AbortSignal } = {},
): Promise<SitemapResult> {
  const { maxDepth, maxSitemaps, maxEntries, maxBytes } = { ...DEFAULTS, ...limits };
  const entries: SitemapEntry[] = [];
  const problems: { url: string; reason: string }[] = [];
  const seen = new Set<string>([sitemapUrl]);
  let queue: string[] = [sitemapUrl];
  let complete = true;
  let read = 0;
  for (let depth = 0; queue.length > 0; depth++) {
    const nested: string[] = [];
    for (const url of queue) {
      if (signal?.aborted) return { entries, problems, complete: false };
      if (read >= maxSitemaps) {
        problems.push({ url, reason: `not read: more than ${maxSitemaps} sitemaps` });
        complete = false;
        continue;
      }
      read++;
      const response = await get(url);
      if (response.kind === 'failed') {
        problems.push({ url, reason: response.reason });
        complete = false;
        continue;
      }
      const text = sitemapText(response.body, maxBytes);
      if ('reason' in text) {
        problems.push({ url, reason: text.reason });
        complete = false;
        continue;
      }
      const parsed = parseSitemap(text.text, maxEntries - entries.length);
      if (parsed.kind === 'invalid') {
        problems.push({ url, reason: parsed.reason });
        complete = false;
      } else if (parsed.kind === 'urlset') {
        entries.push(...parsed.entries);
        if (entries.length >= maxEntries) {
          problems.push({ url, reason: `stopped at ${maxEntries} entries` });
          return { entries, problems, complete: false };
        }
      } else if (depth + 1 > maxDepth) {
        problems.push({ url, reason: `sitemap index nested deeper than ${maxDepth}` });
        complete = false;
      } else {
        for (const child of parsed.sitemaps) {
          let resolved: string;
          try {
            resolved = new URL(child, url).href;
          } catch {
            problems.push({ url: child, reason: 'invalid sitemap URL' });
            continue;
          }
          if (seen.has(resolved)) continue;
          seen.add(resolved);
          const refusal = accept?.(resolved);
          if (refusal) {
            problems.push({ url: resolved, reason: refusal });
            complete = false;
            continue;
          }
          nested.push(resolved);
        }
      }
    }
    queue = nested;
  }
  return { entries, problems, complete };
}
