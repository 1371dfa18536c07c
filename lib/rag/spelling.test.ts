import { describe, expect, it } from 'vitest';
import { bestCorrection, editDistance } from './spelling';

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
    expect(bestCorrection('sonst', [{ word: 'sonnst', ndoc: 1 }])).toBe('sonnst');
    expect(bestCorrection('quelle', [{ word: 'quelles', ndoc: 1 }])).toBeUndefined();
  });
});
