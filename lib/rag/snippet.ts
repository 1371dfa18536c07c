import { asTextLanguage, contentTerms, fold, termOf, tokenize } from '@/lib/ai/local/text';

export type SnippetPart = { text: string; match: boolean };

/** Markdown reduced to the plain text a snippet shows. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^[\]]*\]\([^()]*\)/g, '')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    // Line-start patterns skip spaces, not line breaks: from every blank line of a long run they
    // would rescan the rest of the run.
    .replace(/^(?:[-:|]|[^\S\n\r\u2028\u2029])*$/gm, ' ')
    .replace(/^[^\S\n\r\u2028\u2029]*>\s?/gm, '')
    .replace(/[*`]+/g, '')
    .replace(/[#|]/g, ' ')
    .replace(/^[^\S\n\r\u2028\u2029]*[-+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A window of the passage around the query's words, split into parts with the matching words
 * marked, so the page can highlight them without rendering any HTML from the index.
 */
export function snippet(content: string, query: string, lang: string | undefined, maxChars = 240): SnippetPart[] {
  const text = plainText(content);
  const language = asTextLanguage(lang);
  const wanted = new Set(contentTerms(query, language));
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  const isMatch = (word: string) => {
    const folded = tokenize(word)[0] ?? fold(word);
    return wanted.has(termOf(folded, language));
  };
  const first = words.find((w) => isMatch(w[0]));
  let start = first ? Math.max(0, first.index! - 60) : 0;
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const window = text.slice(start, end);

  const parts: SnippetPart[] = [];
  let cursor = 0;
  for (const m of window.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!isMatch(m[0])) continue;
    if (m.index! > cursor) parts.push({ text: window.slice(cursor, m.index), match: false });
    parts.push({ text: m[0], match: true });
    cursor = m.index! + m[0].length;
  }
  if (cursor < window.length) parts.push({ text: window.slice(cursor), match: false });
  if (start > 0) parts.unshift({ text: '… ', match: false });
  if (end < text.length) parts.push({ text: ' …', match: false });
  return parts;
}
