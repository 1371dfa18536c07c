/**
 * Include and exclude patterns on a page's URL path ("/help/**"). The syntax, deliberately small:
 *
 *   *      any run of characters except "/" (one path segment or part of one): "/help/*.html"
 *   /**    at the end or followed by "/": no segment or any number of whole segments, so
 *          "/help/**" matches "/help", "/help/" and "/help/a/b", and "/**\/faq" any path ending in "/faq"
 *   **     elsewhere: any run of characters, "/" included ("/help**" matches "/helpdesk/x")
 *
 * Everything else is literal and case-sensitive, like URL paths ("?" is not a wildcard). A pattern
 * without "?" is matched against the path only; a pattern with "?" against the path and the query
 * ("/search?q=*"). Query strings are dropped from crawled URLs unless an include pattern with "?"
 * matches them. A pattern must start with "/".
 *
 * Matching is a table over (pattern position, path position): linear in their product, with no
 * backtracking, whatever the page's links look like.
 */

type Token = { kind: 'char'; char: string } | { kind: 'star' } | { kind: 'globstar' } | { kind: 'segments' };

export type PathPattern = { source: string; withQuery: boolean; tokens: Token[] };

export class PatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatternError';
  }
}

const MAX_PATTERN_LENGTH = 500;

export function compilePattern(source: string): PathPattern {
  if (!source.startsWith('/')) throw new PatternError(`pattern "${source}" must start with "/"`);
  if (source.length > MAX_PATTERN_LENGTH) throw new PatternError(`pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '/' && source.startsWith('/**', i) && (i + 3 === source.length || source[i + 3] === '/')) {
      tokens.push({ kind: 'segments' });
      i += 3;
    } else if (ch === '*' && source[i + 1] === '*') {
      tokens.push({ kind: 'globstar' });
      i += 2;
      while (source[i] === '*') i++;
    } else if (ch === '*') {
      tokens.push({ kind: 'star' });
      i += 1;
    } else {
      tokens.push({ kind: 'char', char: ch });
      i += 1;
    }
  }
  return { source, withQuery: source.includes('?'), tokens };
}

/** Whether the whole of `text` (a path, or path + query) matches the pattern. */
export function matchPattern(pattern: PathPattern, text: string): boolean {
  const { tokens } = pattern;
  const n = text.length;
  const width = n + 1;
  // at[i * width + j]: tokens[i..] match text[j..]. rest[...]: the same with a "segments" token
  // at i already past its leading "/" (any run of characters, then the following tokens).
  let next = new Uint8Array(width);
  next[n] = 1; // no tokens left: only the empty rest matches
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    const here = new Uint8Array(width);
    if (token.kind === 'segments') {
      const rest = new Uint8Array(width);
      for (let j = n; j >= 0; j--) rest[j] = next[j] || (j < n && rest[j + 1]) ? 1 : 0;
      for (let j = n; j >= 0; j--) here[j] = next[j] || (j < n && text[j] === '/' && rest[j + 1]) ? 1 : 0;
    } else {
      for (let j = n; j >= 0; j--) {
        if (token.kind === 'char') here[j] = j < n && text[j] === token.char && next[j + 1] ? 1 : 0;
        else if (token.kind === 'star') here[j] = next[j] || (j < n && text[j] !== '/' && here[j + 1]) ? 1 : 0;
        else here[j] = next[j] || (j < n && here[j + 1]) ? 1 : 0;
      }
    }
    next = here;
  }
  return next[0] === 1;
}

/** The include and exclude patterns of a crawl, applied to same-origin URLs. */
export class UrlFilter {
  private readonly include: PathPattern[];
  private readonly exclude: PathPattern[];

  constructor(include: readonly string[] = [], exclude: readonly string[] = []) {
    this.include = include.map(compilePattern);
    this.exclude = exclude.map(compilePattern);
  }

  /**
   * The URL as it is crawled (fragment dropped; query dropped unless an include pattern with "?"
   * matches it), or null when the patterns leave it out.
   */
  apply(url: URL): URL | null {
    const withQuery = url.pathname + url.search;
    const target = (p: PathPattern) => (p.withQuery ? withQuery : url.pathname);
    const keepQuery = url.search !== '' && this.include.some((p) => p.withQuery && matchPattern(p, withQuery));
    const result = new URL(url.href);
    result.hash = '';
    if (!keepQuery) result.search = '';
    if (this.include.length > 0 && !keepQuery && !this.include.some((p) => !p.withQuery && matchPattern(p, url.pathname))) return null;
    if (this.exclude.some((p) => matchPattern(p, target(p)))) return null;
    return result;
  }
}
