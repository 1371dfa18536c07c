import { createHash } from 'node:crypto';

/** Longer URLs are not crawled (browsers and servers commonly stop around here too). */
export const MAX_URL_LENGTH = 2048;
const MAX_SLUG_LENGTH = 80;

/**
 * `raw` (resolved against `base`) as a crawlable URL, or null: only http: and https:, no user
 * name or password, at most MAX_URL_LENGTH characters. The fragment is always dropped.
 */
export function parseWebUrl(raw: string, base?: string | URL): URL | null {
  if (raw.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  if (url.href.length > MAX_URL_LENGTH) return null;
  return url;
}

/** The document id of a page: host (with port) + path without trailing slash, plus the query if the URL kept one. */
export function documentIdFromUrl(url: string | URL): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  let path = u.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  return `${u.host}${path}${u.search}`;
}

/**
 * A safe slug (a-z, 0-9 and single dashes, at most 80 characters) from the URL's path and query:
 * "/help/Router-Setup.html" → "help-router-setup-<hash>". Accents are folded and a trailing .html/.htm
 * is dropped. When anything else had to change (upper case, other characters, a query, truncation),
 * eight hex digits of the document id's SHA-256 are appended, so two paths that fold to the same text
 * still get different slugs. Unique within one site; callers that mix sites prefix it.
 */
export function slugFromUrl(url: string | URL): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    path = u.pathname;
  }
  const lower = path.toLowerCase();
  if (lower.endsWith('.html')) path = path.slice(0, -5);
  else if (lower.endsWith('.htm')) path = path.slice(0, -4);
  const plain = path.split('/').filter(Boolean).join('-');
  const folded = `${plain} ${u.search}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  let slug = trimDashes(folded);
  let lossy = slug !== plain;
  if (slug.length > MAX_SLUG_LENGTH - 9) {
    slug = trimDashes(slug.slice(0, MAX_SLUG_LENGTH - 9));
    lossy = true;
  }
  if (!slug) return lossy ? `page-${shortHash(documentIdFromUrl(u))}` : 'home';
  return lossy ? `${slug}-${shortHash(documentIdFromUrl(u))}` : slug;
}

function trimDashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '-') start++;
  while (end > start && text[end - 1] === '-') end--;
  return text.slice(start, end);
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}
