import { describe, expect, it } from 'vitest';
import { referredArticles } from './referred-articles';
import type { DocumentTitle } from './title-match';

const titles: DocumentTitle[] = [
  { id: 'reset-box3-en', title: 'Factory reset your Alpenwave Box 3', lang: 'en', version: 'box3' },
  { id: 'reset-box3-de', title: 'Alpenwave Box 3 zurücksetzen', lang: 'de', version: 'box3' },
  { id: 'restart-en', title: 'Restart your Box', lang: 'en', version: null },
];

describe('referredArticles', () => {
  it('finds the articles a passage quotes by title, in its language', () => {
    const text = 'The only solution is a factory reset. See "Factory reset your Alpenwave Box 3". Or first try «restart your box».';
    expect(referredArticles(text, titles, 'en')).toEqual(['reset-box3-en', 'restart-en']);
    expect(referredArticles('Siehe «Alpenwave Box 3 zurücksetzen».', titles, 'de')).toEqual(['reset-box3-de']);
  });

  it('ignores quotes that are no title, and titles of another language', () => {
    expect(referredArticles('Choose "Restore factory defaults" and confirm.', titles, 'en')).toEqual([]);
    expect(referredArticles('Siehe «Factory reset your Alpenwave Box 3».', titles, 'de')).toEqual([]);
  });
});
