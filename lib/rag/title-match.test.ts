import { describe, expect, it } from 'vitest';
import { articleTitledBy, titledArticle, type DocumentTitle } from './title-match';

const titles: DocumentTitle[] = [
  { id: 'restart-box5-de', title: 'Alpenwave Box 5 neu starten', lang: 'de', version: 'box5' },
  { id: 'restart-box3-de', title: 'Alpenwave Box 3 neu starten', lang: 'de', version: 'box3' },
  { id: 'restart-box5-en', title: 'Restart your Alpenwave Box 5', lang: 'en', version: 'box5' },
  { id: 'slow-de', title: 'Mein Internet ist langsam', lang: 'de', version: null },
];
// The company's name is in every title: it weighs little.
const weight = (term: string) => (term === 'alpenwav' ? 0.2 : 1);

describe('the article whose title a question states', () => {
  it('is found from the asking sentence with the customer’s model, whatever the story before it', () => {
    const question = 'Bei uns ist das Internet super langsam. Mein Mann sagt, ich soll das Ding neu starten – wie mach ich das richtig?';
    expect(titledArticle(titles, { question, lang: 'de', version: 'box5', weight })).toBe('restart-box5-de');
    expect(titledArticle(titles, { question, lang: 'de', version: 'box3', weight })).toBe('restart-box3-de');
  });

  it('is never named by the story’s words, nor by the model alone', () => {
    expect(titledArticle(titles, { question: 'Mein Mann hat die Box schon neu starten lassen. Warum ist es immer noch so langsam?', lang: 'de', version: 'box5', weight })).toBeUndefined();
    expect(titledArticle(titles, { question: 'Was kann meine Box 5?', lang: 'de', version: 'box5', weight })).toBeUndefined();
  });

  it('is only an article of the model the answer is for (the general ones are left to the search)', () => {
    expect(titledArticle(titles, { question: 'Wie starte ich neu?', lang: 'de', version: undefined, weight })).toBeUndefined();
    expect(titledArticle(titles, { question: 'Mein Internet ist langsam, was tun?', lang: 'de', version: 'box5', weight })).toBeUndefined();
  });

  it('is in the question’s language', () => {
    expect(titledArticle(titles, { question: 'quick one – whats the proper way to restart the box?', lang: 'en', version: 'box5', weight })).toBe('restart-box5-en');
    expect(titledArticle(titles, { question: 'quick one – whats the proper way to restart the box?', lang: 'fr', version: 'box5', weight })).toBeUndefined();
  });
});

describe('the article a known cause names', () => {
  const general: DocumentTitle[] = [
    ...titles,
    { id: 'outages-de', title: 'Störungen prüfen', lang: 'de', version: null },
    { id: 'outage-credit-de', title: 'Gutschrift bei Störungen', lang: 'de', version: null },
  ];

  it('is the article of no model whose title the cause states, in its language', () => {
    expect(articleTitledBy(general, { text: 'Störungen in Ihrer Region prüfen', lang: 'de', weight })).toBe('outages-de');
    expect(articleTitledBy(general, { text: 'Störungen in Ihrer Region prüfen', lang: 'en', weight })).toBeUndefined();
  });

  it('is none when the cause states too little of any title, or two alike, or only a model’s article', () => {
    expect(articleTitledBy(general, { text: 'Störungen in Ihrer Region', lang: 'de', weight })).toBeUndefined();
    expect(articleTitledBy(general, { text: 'Gutschrift prüfen bei Störungen', lang: 'de', weight })).toBeUndefined();
    expect(articleTitledBy(general, { text: 'Alpenwave Box 5 neu starten', lang: 'de', weight })).toBeUndefined();
  });
});
