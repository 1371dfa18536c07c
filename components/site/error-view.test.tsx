import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorView, pageLocale } from './error-view';

/** The error page speaks the page's language, offers a retry and a plain link home, and shows no error text. */
describe('the error page', () => {
  it.each([
    ['en', 'Something went wrong', 'Try again', 'Back to the help center'],
    ['de', 'Etwas ist schiefgelaufen', 'Erneut versuchen', 'Zurück zum Hilfe-Center'],
    ['fr', 'Une erreur s’est produite', 'Réessayer', 'Retour au centre d’aide'],
    ['it', 'Si è verificato un errore', 'Riprovare', 'Tornare al centro assistenza'],
  ] as const)('%s', (locale, title, retry, back) => {
    const html = renderToStaticMarkup(<ErrorView locale={locale} onRetry={() => {}} digest="1234567" />);
    expect(html).toContain(`<h1 class="text-2xl font-bold">${title}</h1>`);
    expect(html).toContain(`>${retry}</button>`);
    expect(html).toMatch(new RegExp(`<a[^>]*href="/"[^>]*>${back}</a>`));
    expect(html).toContain('1234567');
  });

  it('reads the page language from <html lang>, English when unknown', () => {
    expect(pageLocale('de-CH')).toBe('de');
    expect(pageLocale('it')).toBe('it');
    expect(pageLocale('es')).toBe('en');
    expect(pageLocale(undefined)).toBe('en');
  });
});
