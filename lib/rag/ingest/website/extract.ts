import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { NodeHtmlMarkdown } from 'node-html-markdown';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { isLocale } from '@/lib/i18n/locales';
import type { ParsedDocument } from '@/lib/rag/ingest/parse';
import { dayOf } from './sitemap';
import { baseUrlOf, pageLinks } from './links';
import { documentIdFromUrl, parseWebUrl, slugFromUrl } from './url';

/** A web page as ingest reads it: a ParsedDocument plus where it lives. */
export type ExtractedPage = ParsedDocument & {
  /** The page's URL as crawled (citations link here). */
  url: string;
  /** <link rel="canonical">, absolute, when the page names one (any origin; reported, not followed). */
  canonicalUrl: string | null;
};

export type ExtractInput = {
  url: string;
  html: string;
  /** The Content-Language response header. */
  contentLanguage?: string | null;
  /** The Last-Modified response header. */
  lastModified?: string | null;
  /** The X-Robots-Tag response header. */
  robotsHeader?: string | null;
  /** The sitemap's <lastmod> for the page (a day), which wins over Last-Modified. */
  lastmod?: string | null;
};

export type ExtractOutcome = {
  /** The page's links (absolute, no fragments), or none when it says nofollow. */
  links: string[];
  result:
    | { kind: 'page'; page: ExtractedPage }
    /** Not to be ingested: noindex, or a language Lantern does not answer in. */
    | { kind: 'skip'; reason: string }
    /** Nothing readable on the page. */
    | { kind: 'empty'; reason: string };
};

const MAX_TITLE_LENGTH = 300;

/** Never content: code, media, widgets, site chrome. */
const ALWAYS_DROPPED = 'script, style, noscript, template, iframe, object, embed, svg, canvas, img, picture, video, audio, button, input, select, textarea, nav, footer, dialog';
/** Site chrome when outside the main content; part of it inside (an article's own header or note). */
const CHROME_OUTSIDE_MAIN = 'header, aside';
const CHROME_ROLES = new Set(['navigation', 'contentinfo', 'banner', 'search', 'complementary']);

const markdown = new NodeHtmlMarkdown({ bulletMarker: '-' });

/**
 * Reads a fetched HTML page: its links (taken before anything is removed), then the main content
 * (Readability on a linkedom document, site chrome dropped first) as markdown with its h2/h3
 * headings kept as ##/###, so section anchors work. Title: the main content's <h1>, else the
 * page's first <h1>, og:title, the <title> up to its first " | " or " - ", or the URL. Language:
 * <html lang>, else Content-Language, else detected from the text (English when it cannot be told);
 * a declared language other than en/de/fr/it makes the page a skip. `<meta name="robots">` and
 * X-Robots-Tag are honoured (noindex: skip; nofollow: no links), for "robots" and "LanternBot".
 */
export function extractPage(input: ExtractInput): ExtractOutcome {
  const { document } = parseHTML(input.html);
  const directives = robotsDirectives(document, input.robotsHeader ?? null);
  const links = directives.nofollow ? [] : pageLinks(document, input.url);
  if (directives.noindex) return { links, result: { kind: 'skip', reason: 'the page asks not to be indexed (noindex)' } };

  const declared = primaryLanguage(document.documentElement?.getAttribute('lang') ?? document.documentElement?.getAttribute('xml:lang')) ?? primaryLanguage(input.contentLanguage);
  if (declared && !isLocale(declared)) return { links, result: { kind: 'skip', reason: `language "${declared}" is not one Lantern answers in (en, de, fr, it)` } };

  const base = baseUrlOf(document, input.url);
  const canonicalUrl = canonicalOf(document, base);
  absolutizeLinks(document, base);
  dropChrome(document);

  const heading = titleHeading(document);
  const title = clip(heading?.textContent) ?? clip(metaContent(document, 'og:title')) ?? titleFromTitleTag(document) ?? titleFromUrl(input.url);
  // The title is shown apart from the body; keep it out of the sections.
  heading?.remove();

  const body = contentMarkdown(document);
  if (!body) return { links, result: { kind: 'empty', reason: 'no text found on the page' } };

  const lang = declared ?? detectLanguage(`${title}\n${body.slice(0, 2000)}`) ?? 'en';
  const page: ExtractedPage = {
    id: documentIdFromUrl(input.url),
    title,
    slug: slugFromUrl(input.url),
    lang,
    product: null,
    version: null,
    audience: 'public',
    translationOf: null,
    updated: input.lastmod ?? dayOf(input.lastModified),
    body,
    url: input.url,
    canonicalUrl,
  };
  return { links, result: { kind: 'page', page } };
}

/** "de-CH" → "de"; null when there is no usable tag. */
export function primaryLanguage(tag: string | null | undefined): string | null {
  const first = tag?.split(',')[0]?.trim().toLowerCase();
  const primary = first?.split(/[-_]/)[0];
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

function robotsDirectives(document: Document, header: string | null): { noindex: boolean; nofollow: boolean } {
  const values: string[] = [];
  for (const meta of Array.from(document.querySelectorAll('meta[name]'))) {
    const name = meta.getAttribute('name')?.toLowerCase();
    if (name === 'robots' || name === 'lanternbot') values.push(meta.getAttribute('content') ?? '');
  }
  if (header) {
    // "noindex", "LanternBot: noindex, nofollow", "otherbot: none": a user agent prefix applies to what follows it.
    let agent = '*';
    for (const part of header.split(',')) {
      const colon = part.indexOf(':');
      const name = colon > 0 ? part.slice(0, colon).trim().toLowerCase() : '';
      let directive = part;
      if (name && /^[a-z][\w-]*$/.test(name) && !['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview'].includes(name)) {
        agent = name;
        directive = part.slice(colon + 1);
      }
      if (agent === '*' || agent === 'lanternbot') values.push(directive);
    }
  }
  const tokens = new Set(values.flatMap((v) => v.toLowerCase().split(',').map((t) => t.trim())));
  return { noindex: tokens.has('noindex') || tokens.has('none'), nofollow: tokens.has('nofollow') || tokens.has('none') };
}

function canonicalOf(document: Document, base: string): string | null {
  for (const link of Array.from(document.querySelectorAll('link[rel][href]'))) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('canonical')) return parseWebUrl(link.getAttribute('href') ?? '', base)?.href ?? null;
  }
  return null;
}

/** Relative links become absolute (the markdown is read away from the page); other schemes lose the link. */
function absolutizeLinks(document: Document, base: string): void {
  for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
    const href = anchor.getAttribute('href') ?? '';
    if (href.startsWith('#')) {
      anchor.removeAttribute('href');
      continue;
    }
    const url = parseWebUrl(href, base);
    if (url) anchor.setAttribute('href', url.href);
    else anchor.removeAttribute('href');
  }
}

function dropChrome(document: Document): void {
  for (const element of Array.from(document.querySelectorAll(ALWAYS_DROPPED))) element.remove();
  for (const element of Array.from(document.querySelectorAll(CHROME_OUTSIDE_MAIN))) {
    if (!element.parentElement?.closest('main, article')) element.remove();
  }
  for (const element of Array.from(document.querySelectorAll('[role], [hidden], [aria-hidden]'))) {
    const role = element.getAttribute('role')?.toLowerCase() ?? '';
    if (CHROME_ROLES.has(role) || element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') element.remove();
  }
}

function titleHeading(document: Document): Element | null {
  const inMain = document.querySelector('main h1, article h1, [role="main"] h1');
  const heading = inMain ?? document.querySelector('body h1') ?? document.querySelector('h1');
  return heading && clip(heading.textContent) ? heading : null;
}

function metaContent(document: Document, property: string): string | null {
  for (const meta of Array.from(document.querySelectorAll('meta[property], meta[name]'))) {
    if ((meta.getAttribute('property') ?? meta.getAttribute('name'))?.toLowerCase() === property) return meta.getAttribute('content');
  }
  return null;
}

function titleFromTitleTag(document: Document): string | null {
  const text = document.querySelector('title')?.textContent ?? '';
  // "Router setup | Help | Alpenwave" → "Router setup": the site's name comes last by convention.
  for (const separator of [' | ', ' - ', ' – ', ' — ', ' · ']) {
    const at = text.indexOf(separator);
    if (at > 0) return clip(text.slice(0, at));
  }
  return clip(text);
}

function titleFromUrl(url: string): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  let last = segments.at(-1) ?? new URL(url).host;
  try {
    last = decodeURIComponent(last);
  } catch {
    // keep it encoded
  }
  return clip(last.replace(/\.html?$/i, '').replace(/[-_]+/g, ' ')) ?? new URL(url).host;
}

function clip(text: string | null | undefined): string | null {
  const clean = text?.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > MAX_TITLE_LENGTH ? `${clean.slice(0, MAX_TITLE_LENGTH - 1)}…` : clean;
}

/** The main content as markdown, or '' when there is no text. */
function contentMarkdown(document: Document): string {
  // Readability changes the document it reads; the fallback reads what it left only if it found nothing.
  const fallback = (document.querySelector('main') ?? document.querySelector('article') ?? document.querySelector('body'))?.innerHTML ?? '';
  let html: string | null | undefined;
  try {
    html = new Readability(document, { charThreshold: 200 }).parse()?.content;
  } catch {
    html = null;
  }
  const text = tidy(markdown.translate(html ?? ''));
  if (hasText(text)) return text;
  const fromFallback = tidy(markdown.translate(fallback));
  return hasText(fromFallback) ? fromFallback : '';
}

function tidy(text: string): string {
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

function hasText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
