import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { bestCorrection, correctSpelling, editDistance, minCorrectionDocs, type LanguageVocabulary } from './spelling';

describe('editDistance', () => {
  it.each([
    ['voicmail', 'voicemail', 1],
    ['chnage', 'change', 1],
    ['pasword', 'password', 1],
    ['factroy', 'factory', 1],
    ['debbit', 'debit', 1],
    ['router', 'router', 0],
    ['modem', 'model', 1],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b, 2)).toBe(d);
  });

  it('stops early past the cap', () => {
    expect(editDistance('internet', 'telephone', 2)).toBe(3);
  });
});

describe('bestCorrection', () => {
  it('takes the closest corpus word, the most frequent on ties', () => {
    expect(bestCorrection('pasword', [{ word: 'password', ndoc: 9 }, { word: 'passport', ndoc: 1 }])).toBe('password');
    expect(bestCorrection('rooter', [{ word: 'router', ndoc: 2 }, { word: 'rooted', ndoc: 5 }])).toBe('rooted');
  });

  it('leaves a word the corpus writes with accents alone: "redemarrer" is "redémarrer", not a typo of "redemarrez"', () => {
    expect(bestCorrection('redemarrer', [{ word: 'redemarrez', ndoc: 3 }, { word: 'redémarrer', ndoc: 5 }])).toBeUndefined();
    expect(bestCorrection('gebuhr', [{ word: 'gebühr', ndoc: 4 }, { word: 'gebühr', ndoc: 4 }])).toBeUndefined();
  });

  it('never corrects into a stop word', () => {
    expect(bestCorrection('sonst', [{ word: 'sonnst', ndoc: 4 }])).toBe('sonnst');
    expect(bestCorrection('quelle', [{ word: 'quelles', ndoc: 4 }])).toBeUndefined();
  });

  it('does not correct into a word the corpus uses only once or twice: "stock" is not a typo of "stick"', () => {
    expect(bestCorrection('stock', [{ word: 'stick', ndoc: 2 }])).toBeUndefined();
    expect(bestCorrection('stock', [{ word: 'stick', ndoc: 2 }, { word: 'stack', ndoc: 3 }])).toBe('stack');
  });

  it('asks more of a correction in a large help center than in a small one', () => {
    expect([30, 600, 1000, 1588, 100_000].map(minCorrectionDocs)).toEqual([1, 2, 2, 3, 3]);
  });

  it('takes the hyphenated spelling of the same word however rare', () => {
    expect(bestCorrection('roamingkosten', [{ word: 'roaming-kosten', ndoc: 1 }, { word: 'roamingkosts', ndoc: 9 }])).toBe('roaming-kosten');
  });
});

describe('correctSpelling in the question\'s language', () => {
  // The corpus (as lexeme_stats returns it, for both lookups): German and English articles.
  const corpus = [
    { word: 'users', ndoc: 20 },
    { word: 'offener', ndoc: 5 },
    { word: 'passwort', ndoc: 30 },
    { word: 'ändern', ndoc: 25 },
    { word: 'handy', ndoc: 12 },
    { word: 'wi-fi', ndoc: 40 },
    { word: 'wifu', ndoc: 40 },
    { word: 'daten', ndoc: 30 },
  ];
  const db = { execute: async () => corpus } as unknown as Db;
  const german: LanguageVocabulary = {
    uses: (word) => ['offener', 'passwort', 'andern', 'handy'].includes(word),
    hasStem: (word) => word === 'offenbar',
    stem: (word) => word,
  };

  it('corrects only into words of that language, and leaves words whose stem it uses alone', async () => {
    const question = 'offenbar hat er das passwort übers handy geändert';
    // Without a language, "übers" (over the) becomes the English "users" and "offenbar" (apparently) "offener".
    expect((await correctSpelling(db, question)).corrections).toEqual({ ubers: 'users', offenbar: 'offener' });
    expect(await correctSpelling(db, question, german)).toEqual({ query: question, corrections: {} });
  });

  it('joins a short word to the hyphenated spelling the articles use, and corrects it no other way', async () => {
    expect(await correctSpelling(db, 'Mein WLAN: wifi oder wify?')).toEqual({ query: 'Mein WLAN: wi-fi oder wify?', corrections: { wifi: 'wi-fi' } });
  });

  it('allows two edits only in a long stem: "crawling" (stem "crawl") is no typo of "calling"; "firmwear" is of "firmware"', async () => {
    const english = [
      { word: 'calling', ndoc: 20 },
      { word: 'firmware', ndoc: 20 },
    ];
    const englishDb = { execute: async () => english } as unknown as Db;
    const vocabulary: LanguageVocabulary = {
      uses: (word) => ['calling', 'firmware'].includes(word),
      hasStem: () => false,
      stem: (word) => word.replace(/ing$/, ''),
    };
    // Measured by the whole word, both are two edits from a corpus word of 8 letters.
    expect((await correctSpelling(englishDb, 'wifi crawling after the firmwear update')).corrections).toEqual({ crawling: 'calling', firmwear: 'firmware' });
    expect((await correctSpelling(englishDb, 'wifi crawling after the firmwear update', vocabulary)).corrections).toEqual({ firmwear: 'firmware' });
  });

  it('leaves a salutation alone: "Sehr geehrte Damen" is no typo of "Daten"', async () => {
    expect((await correctSpelling(db, 'Wie viele Damen und Herren?')).corrections).toEqual({ damen: 'daten' });
    expect((await correctSpelling(db, 'Sehr geehrte Damen und Herren, wie viele Daten?')).corrections).toEqual({});
  });
});
