import { describe, expect, it } from 'vitest';
import { threadArticle } from './thread-article';
import type { DocumentTitle } from './title-match';

const titles: DocumentTitle[] = [
  { id: 'leds-box5-en', title: 'What the light bar on the Box 5 means', lang: 'en', version: 'box5', translationOf: 'leds-box5' },
  { id: 'leds-box5-de', title: 'Was die Lichtleiste der Box 5 bedeutet', lang: 'de', version: 'box5', translationOf: 'leds-box5' },
  { id: 'leds-box3-en', title: 'What the lights on the Box 3 mean', lang: 'en', version: 'box3', translationOf: 'leds-box3' },
  { id: 'leds-box3-de', title: 'Die Lämpchen der Box 3', lang: 'de', version: 'box3', translationOf: 'leds-box3' },
  { id: 'guest-wifi-en', title: 'Set up a guest Wi-Fi network', lang: 'en', version: null, translationOf: null },
  { id: 'roaming-en', title: 'Roaming prices', lang: 'en', version: null, translationOf: 'roaming' },
  { id: 'roaming-fr', title: 'Prix du roaming', lang: 'fr', version: null, translationOf: 'roaming' },
];

describe('threadArticle', () => {
  it('keeps the article the answer before quoted when nothing changed', () => {
    expect(threadArticle(titles, { article: 'leds-box5-en', version: 'box5', lang: 'en' })).toBe('leds-box5-en');
    expect(threadArticle(titles, { article: 'leds-box5-en', version: undefined, lang: 'en' })).toBe('leds-box5-en');
  });

  it('follows a versioned article to the version the follow-up is about, in the language of the answer', () => {
    expect(threadArticle(titles, { article: 'leds-box5-en', version: 'box3', lang: 'en' })).toBe('leds-box3-en');
    expect(threadArticle(titles, { article: 'leds-box5-de', version: 'box3', lang: 'de' })).toBe('leds-box3-de');
    expect(threadArticle(titles, { article: 'leds-box5-en', version: 'box5', lang: 'de' })).toBe('leds-box5-de');
  });

  it('keeps an article for every model whatever version the follow-up names', () => {
    expect(threadArticle(titles, { article: 'guest-wifi-en', version: 'box3', lang: 'en' })).toBe('guest-wifi-en');
    // No French translation: the article as quoted.
    expect(threadArticle(titles, { article: 'guest-wifi-en', version: undefined, lang: 'fr' })).toBe('guest-wifi-en');
    expect(threadArticle(titles, { article: 'roaming-en', version: undefined, lang: 'fr' })).toBe('roaming-fr');
  });

  it('has none for an article that is gone or not public, or a version with no such article', () => {
    expect(threadArticle(titles, { article: 'internal-note-en', version: undefined, lang: 'en' })).toBeUndefined();
    expect(threadArticle(titles, { article: 'leds-box5-en', version: 'box7', lang: 'en' })).toBeUndefined();
  });
});
