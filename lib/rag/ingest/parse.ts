import matter from 'gray-matter';
import { NodeHtmlMarkdown } from 'node-html-markdown';
import GithubSlugger from 'github-slugger';
import path from 'node:path';
import { z } from 'zod';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { atxHeading } from './heading';

/** What ingest needs to know about one source file, whatever its format. */
export type ParsedDocument = {
  id: string;
  title: string;
  slug: string;
  lang: string;
  product: string | null;
  version: string | null;
  audience: 'public' | 'internal';
  translationOf: string | null;
  updated: string | null;
  body: string; // markdown
};

export class ParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParseError';
  }
}

const frontMatterSchema = z
  .object({
    id: z.string().trim().min(1).max(200).optional(),
    title: z.string().trim().min(1).max(300).optional(),
    url: z.string().trim().regex(/^[a-z0-9][a-z0-9-]*$/, 'url must be a lowercase slug (a-z, 0-9, -)').max(200).optional(),
    lang: z.enum(['en', 'de', 'fr', 'it']).optional(),
    product: z.string().trim().min(1).max(50).optional(),
    version: z.union([z.string(), z.number()]).transform(String).optional(),
    audience: z.enum(['public', 'internal']).optional(),
    translation_of: z.string().trim().min(1).max(200).optional(),
    // YAML turns 2026-01-31 into a Date; keep the day.
    updated: z.union([z.string(), z.date().transform((d) => d.toISOString().slice(0, 10))]).optional(),
  })
  .loose();

/** The document id of a file: its path relative to the corpus, without extension, with '/' separators. */
export function idFromPath(relativePath: string): string {
  return relativePath.split(path.sep).join('/').replace(/\.[^./]+$/, '');
}

function firstHeading(markdown: string): { title?: string; body: string } {
  let at = 0;
  for (const line of markdown.split('\n')) {
    const heading = atxHeading(line);
    // The title heading is the document's title, not a section: drop it from the body.
    if (heading?.hashes === '#') return { title: heading.text, body: (markdown.slice(0, at) + markdown.slice(at + line.length)).trim() };
    at += line.length + 1;
  }
  return { body: markdown };
}

function fromMarkdown(source: string): { data: Record<string, unknown>; body: string } {
  try {
    // With options gray-matter skips its cache, which would otherwise keep a failed parse around.
    const { data, content } = matter(source, { excerpt: false });
    return { data, body: content.trim() };
  } catch (error) {
    throw new ParseError(`invalid front matter: ${(error as Error).message.split('\n')[0]}`);
  }
}

function fromHtml(source: string): { data: Record<string, unknown>; body: string } {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(source)?.[1]?.trim();
  const lang = /<html[^>]+\blang=["']?([a-z]{2})/i.exec(source)?.[1]?.toLowerCase();
  const main = /<(main|article)[^>]*>([\s\S]*?)<\/\1>/i.exec(source)?.[2] ?? /<body[^>]*>([\s\S]*?)<\/body>/i.exec(source)?.[1] ?? source;
  const body = NodeHtmlMarkdown.translate(main.replace(/<(script|style|nav|footer)[^>]*>[\s\S]*?<\/\1>/gi, '')).trim();
  return { data: { ...(title ? { title } : {}), ...(lang ? { lang } : {}) }, body };
}

async function fromPdf(bytes: Uint8Array): Promise<{ data: Record<string, unknown>; body: string }> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    // pdf.js wants a plain Uint8Array (not a Buffer) and may detach it: give it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: false });
    // One paragraph per line break run; pages separated by blank lines.
    const body = (text as string[]).map((page) => page.replace(/(?<![ \t])[ \t]+\n/g, '\n').trim()).join('\n\n');
    return { data: {}, body };
  } catch (error) {
    throw new ParseError(`unreadable PDF: ${(error as Error).message}`);
  }
}

export const SUPPORTED_EXTENSIONS = ['.md', '.markdown', '.mdx', '.txt', '.html', '.htm', '.pdf'];

/**
 * Parses one file. Front matter wins where present; otherwise the title comes from the first
 * heading (or the file name), the language is detected, and the id is the relative path.
 */
export async function parseDocument(relativePath: string, bytes: Uint8Array): Promise<ParsedDocument> {
  const extension = path.extname(relativePath).toLowerCase();
  const raw =
    extension === '.pdf'
      ? await fromPdf(bytes)
      : /\.html?$/.test(extension)
        ? fromHtml(new TextDecoder().decode(bytes))
        : fromMarkdown(new TextDecoder().decode(bytes));

  const parsed = frontMatterSchema.safeParse(raw.data);
  if (!parsed.success) {
    throw new ParseError(parsed.error.issues.map((i) => `${i.path.join('.') || 'front matter'}: ${i.message}`).join('; '));
  }
  const meta = parsed.data;
  const heading = meta.title ? { title: meta.title, body: raw.body } : firstHeading(raw.body);
  const body = heading.body;
  if (body.replace(/\s/g, '').length === 0) throw new ParseError('the document has no text');

  const id = meta.id ?? idFromPath(relativePath);
  const title = heading.title ?? path.basename(relativePath, extension).replace(/[-_]+/g, ' ');
  return {
    id,
    title,
    slug: meta.url ?? new GithubSlugger().slug(id.replace(/\//g, '-')),
    lang: meta.lang ?? detectLanguage(`${title}\n${body.slice(0, 2000)}`) ?? 'en',
    product: meta.product ?? null,
    version: meta.version ?? null,
    audience: meta.audience ?? 'public',
    translationOf: meta.translation_of ?? null,
    updated: meta.updated ?? null,
    body,
  };
}
