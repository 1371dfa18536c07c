import type { Citation } from '@/lib/domain/chat';
import type { SearchHit } from './search';

/**
 * The passages handed to the generator, numbered. Titles and links come from the corpus (the
 * documents table), never from model output; a citation [n] resolves to sources[n - 1].
 */
export type Source = {
  n: number;
  kind: 'article' | 'golden';
  documentId: string;
  title: string;
  /** /articles/<slug>#<anchor>, or a website source's page address */
  url: string;
  heading: string | null;
  /** The headings the passage's own heading sits under ("Set up guest Wi-Fi on the Box 5" for "In the app"). */
  within?: string;
  content: string;
  lang: string;
  chunkId: number | null;
  score: number | null;
  /** The passage's place in its article: 1 = the opening (help articles state their main answer first). */
  section?: number;
};

export type GoldenSource = { documentId: string; title: string; slug: string; lang: string; question: string; answer: string };

export function articleUrl(slug: string, anchor: string | null): string {
  return `/articles/${encodeURIComponent(slug)}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}

function headingsOf(headingPath: string): string[] {
  return headingPath.split(/ [›>] /).map((p) => p.trim()).filter(Boolean);
}

/** The passage's own heading: the last of "Set-up › Wi-Fi" (the ingester's separator; "A > B" read too). */
function lastHeading(headingPath: string, title: string): string | null {
  const last = headingsOf(headingPath).at(-1);
  // A heading that repeats the title says nothing about the passage.
  return last && last !== title ? last : null;
}

/** The headings above the passage's own ("Set-up" of "Set-up › Wi-Fi"): what the section is part of. */
function enclosingHeadings(headingPath: string, title: string): string | undefined {
  const above = headingsOf(headingPath).slice(0, -1).filter((h) => h !== title);
  return above.length > 0 ? above.join(' › ') : undefined;
}

/**
 * Golden answer first (when a weaker match is passed along), then the passages with the most
 * relevant last: models attend most to what they read last, right before the question.
 */
export function buildSources({ hits, golden }: { hits: SearchHit[]; golden?: GoldenSource }): Source[] {
  const sources: Omit<Source, 'n'>[] = [];
  if (golden) {
    sources.push({
      kind: 'golden',
      documentId: golden.documentId,
      title: golden.title,
      url: articleUrl(golden.slug, null),
      heading: null,
      content: `Q: ${golden.question}\nA: ${golden.answer}`,
      lang: golden.lang,
      chunkId: null,
      score: null,
    });
  }
  for (const hit of [...hits].reverse()) {
    const within = enclosingHeadings(hit.headingPath, hit.title);
    sources.push({
      kind: 'article',
      documentId: hit.documentId,
      title: hit.title,
      // A website's page is cited where it lives; its heading anchors are Lantern's, not the site's.
      url: hit.sourceUrl ?? articleUrl(hit.slug, hit.anchor),
      heading: lastHeading(hit.headingPath, hit.title),
      ...(within ? { within } : {}),
      content: hit.content,
      lang: hit.lang,
      chunkId: hit.chunkId,
      score: hit.score,
      ...(hit.section ? { section: hit.section } : {}),
    });
  }
  return sources.map((s, i) => ({ ...s, n: i + 1 }));
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}


/** Sources as numbered XML blocks, the form both the LLM and the local model read. */
export function formatSources(sources: Source[]): string {
  const blocks = sources.map(
    (s) =>
      `<source id="${s.n}" title="${escapeAttribute(s.title)}" url="${escapeAttribute(s.url)}"${s.heading ? ` heading="${escapeAttribute(s.heading)}"` : ''}${s.within ? ` within="${escapeAttribute(s.within)}"` : ''} lang="${s.lang}"${s.section ? ` section="${s.section}"` : ''}>\n${escapeText(s.content)}\n</source>`,
  );
  return `<sources>\n${blocks.join('\n')}\n</sources>`;
}

export function toCitation(source: Source, displayNumber: number): Citation {
  return { n: displayNumber, documentId: source.documentId, title: source.title, url: source.url, heading: source.heading };
}
