import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '@/lib/http/security-headers';
import { embedLocale, isEmbedPath, widgetFrameAncestors } from './frame';

describe('the widget frame', () => {
  it('is /embed and nothing that merely starts like it', () => {
    expect(isEmbedPath('/embed')).toBe(true);
    expect(isEmbedPath('/embed/x')).toBe(true);
    expect(isEmbedPath('/embedded')).toBe(false);
    expect(isEmbedPath('/chat')).toBe(false);
  });

  it('may be framed by this site and the listed sites only', () => {
    const ancestors = widgetFrameAncestors([
      { origin: 'https://www.example.com', secret: undefined },
      { origin: 'http://127.0.0.1:4417', secret: 'x'.repeat(32) },
    ]);
    expect(ancestors).toBe("'self' https://www.example.com http://127.0.0.1:4417");
    const csp = contentSecurityPolicy({ nonce: 'n', https: false, frameAncestors: ancestors, dev: false });
    expect(csp.split('; ').find((d) => d.startsWith('frame-ancestors '))?.split(' ').slice(1)).toEqual(["'self'", 'https://www.example.com', 'http://127.0.0.1:4417']);
    expect(widgetFrameAncestors([])).toBe("'self'");
  });

  it("takes the host page's language when it is one of ours", () => {
    expect(embedLocale('de-CH')).toBe('de');
    expect(embedLocale('fr_FR')).toBe('fr');
    expect(embedLocale('IT')).toBe('it');
    expect(embedLocale('es')).toBeUndefined();
    expect(embedLocale('')).toBeUndefined();
    expect(embedLocale(null)).toBeUndefined();
  });
});
