import { quotedNames } from '@/lib/ai/local/quoted-names';
import { fold } from '@/lib/ai/local/text';
import type { DocumentTitle } from './title-match';

/**
 * The articles a passage sends the reader to by quoting their titles ("…the only solution is a
 * factory reset. See «Factory reset your Alpenwave Box 3»."), in the passage's language.
 */
export function referredArticles(text: string, titles: DocumentTitle[], lang: string): string[] {
  const named = quotedNames(text);
  if (named.size === 0) return [];
  return titles.filter((t) => t.lang === lang && named.has(fold(t.title).trim())).map((t) => t.id);
}
