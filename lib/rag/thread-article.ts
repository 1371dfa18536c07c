import type { DocumentTitle } from './title-match';

/**
 * The article the dialog's last answer quoted, in the version and language this answer is for.
 * A follow-up that names no subject of its own ("can I make it stay bright all the time
 * instead?", "can she do the same on her Box 3?") is about what that answer was about: the same
 * article, or its sibling for the other model ("the light bar on the Box 5" → "the lights on the
 * Box 3"), or its translation when the customer switched language.
 */
export function threadArticle(titles: DocumentTitle[], { article, version, lang }: { article: string; version: string | undefined; lang: string }): string | undefined {
  const previous = titles.find((t) => t.id === article);
  if (!previous) return undefined;
  // An unversioned article stays itself; a versioned one follows the answer's version.
  const wanted = previous.version ? (version ?? previous.version) : null;
  const group = articleGroup(previous);
  const candidates = titles.filter((t) => t.version === wanted && articleGroup(t) === group);
  return (candidates.find((t) => t.lang === lang) ?? candidates.find((t) => t.id === article))?.id;
}

/** What an article's versions and translations share: its translation group (else its id), without the version or the language. */
export function articleGroup(doc: DocumentTitle): string {
  const base = doc.translationOf ?? doc.id.replace(new RegExp(`-${doc.lang}$`), '');
  return doc.version ? base.replace(doc.version, '') : base;
}
