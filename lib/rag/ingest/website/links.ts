import { parseWebUrl } from './url';

/** Links kept per page: enough for any real navigation, bounded for a hostile one. */
export const MAX_LINKS_PER_PAGE = 1000;

/** The base URL of a document: its <base href> resolved against the page URL, else the page URL. */
export function baseUrlOf(document: Document, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  return (href && parseWebUrl(href, pageUrl)?.href) || pageUrl;
}

/**
 * The http(s) links of a page (<a href> and <area href>), absolute, without fragments, in document
 * order, each once, at most MAX_LINKS_PER_PAGE. Links marked rel="nofollow" are left out. Origin,
 * patterns and robots.txt are the crawler's business.
 */
export function pageLinks(document: Document, pageUrl: string): string[] {
  const base = baseUrlOf(document, pageUrl);
  const links = new Set<string>();
  for (const anchor of Array.from(document.querySelectorAll('a[href], area[href]'))) {
    const rel = (anchor.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('nofollow')) continue;
    const url = parseWebUrl(anchor.getAttribute('href') ?? '', base);
    if (!url) continue;
    links.add(url.href);
    if (links.size >= MAX_LINKS_PER_PAGE) break;
  }
  return [...links];
}
