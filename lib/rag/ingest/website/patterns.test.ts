import { describe, expect, it } from 'vitest';
import { compilePattern, matchPattern, PatternError, UrlFilter } from './patterns';

const matches = (pattern: string, path: string) => matchPattern(compilePattern(pattern), path);

describe('path patterns', () => {
  it('"/x/**" matches /x itself and everything below it, nothing beside it', () => {
    for (const path of ['/help', '/help/', '/help/a', '/help/a/b/c.html']) expect(matches('/help/**', path), path).toBe(true);
    for (const path of ['/helpdesk', '/hel', '/other/help/a', '/']) expect(matches('/help/**', path), path).toBe(false);
  });

  it('"*" stays within one segment', () => {
    expect(matches('/help/*', '/help/router')).toBe(true);
    expect(matches('/help/*', '/help/')).toBe(true);
    expect(matches('/help/*', '/help/a/b')).toBe(false);
    expect(matches('/help/*.html', '/help/router.html')).toBe(true);
    expect(matches('/help/*.html', '/help/router.htm')).toBe(false);
    expect(matches('/*/faq', '/en/faq')).toBe(true);
    expect(matches('/*/faq', '/en/x/faq')).toBe(false);
  });

  it('"/**/" in the middle spans zero or more whole segments', () => {
    expect(matches('/**/faq', '/faq')).toBe(true);
    expect(matches('/**/faq', '/a/b/faq')).toBe(true);
    expect(matches('/**/faq', '/a/bfaq')).toBe(false);
    expect(matches('/docs/**/setup', '/docs/setup')).toBe(true);
    expect(matches('/docs/**/setup', '/docs/v2/en/setup')).toBe(true);
    expect(matches('/docs/**/setup', '/docs/v2/en/setup/more')).toBe(false);
  });

  it('"**" elsewhere crosses slashes; everything else is literal and case-sensitive', () => {
    expect(matches('/help**', '/helpdesk/a/b')).toBe(true);
    expect(matches('/Help', '/help')).toBe(false);
    expect(matches('/a.b', '/axb')).toBe(false);
    expect(matches('/a?b', '/a?b')).toBe(true);
    expect(matches('/a?b', '/acb')).toBe(false);
  });

  it('stays fast on adversarial input (no backtracking blow-up)', () => {
    const pattern = compilePattern('/**a**a**a**a**a**a**a**b');
    const path = `/${'a'.repeat(2000)}`;
    const started = performance.now();
    expect(matchPattern(pattern, path)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses patterns that do not start with "/"', () => {
    expect(() => compilePattern('help/**')).toThrow(PatternError);
  });
});

describe('UrlFilter', () => {
  const u = (path: string) => new URL(`https://example.com${path}`);

  it('keeps everything without patterns, dropping fragments and queries', () => {
    expect(new UrlFilter().apply(u('/a?b=1#c'))?.href).toBe('https://example.com/a');
  });

  it('include: any of them; exclude: none of them', () => {
    const filter = new UrlFilter(['/help/**', '/faq'], ['/help/internal/**']);
    expect(filter.apply(u('/help/router'))).not.toBeNull();
    expect(filter.apply(u('/faq'))).not.toBeNull();
    expect(filter.apply(u('/blog/post'))).toBeNull();
    expect(filter.apply(u('/help/internal/notes'))).toBeNull();
  });

  it('keeps a query only when an include pattern with "?" matches it', () => {
    const filter = new UrlFilter(['/help/**', '/search?q=*']);
    expect(filter.apply(u('/search?q=router'))?.href).toBe('https://example.com/search?q=router');
    expect(filter.apply(u('/help/a?ref=nav'))?.href).toBe('https://example.com/help/a');
    // The query pattern does not let in the path without its query.
    expect(filter.apply(u('/search'))).toBeNull();
    expect(filter.apply(u('/search?page=2'))).toBeNull();
  });

  it('an exclude pattern with "?" leaves out links with that query', () => {
    const filter = new UrlFilter([], ['/list?sort=*']);
    expect(filter.apply(u('/list?sort=asc'))).toBeNull();
    expect(filter.apply(u('/list?page=2'))?.href).toBe('https://example.com/list');
  });
});
