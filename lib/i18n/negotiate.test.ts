import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './negotiate';

describe('negotiateLocale', () => {
  it('prefers the visitor’s explicit choice', () => {
    expect(negotiateLocale({ cookie: 'it', acceptLanguage: 'de-CH,de;q=0.9' })).toBe('it');
  });

  it('falls back to the browser’s best supported language', () => {
    expect(negotiateLocale({ acceptLanguage: 'fr-CH,fr;q=0.9,en;q=0.8' })).toBe('fr');
    expect(negotiateLocale({ acceptLanguage: 'es-ES,es;q=0.9,de;q=0.5' })).toBe('de');
  });

  it('ignores unknown cookies and defaults to English', () => {
    expect(negotiateLocale({ cookie: 'xx', acceptLanguage: null })).toBe('en');
    expect(negotiateLocale({ cookie: '<script>', acceptLanguage: 'ja' })).toBe('en');
  });
});
