import { describe, expect, it } from 'vitest';
import { clausesOf, editDistance, normalizeText } from './normalize';

describe('normalizeText', () => {
  it('folds case and accents, expands contractions and flattens punctuation', () => {
    expect(normalizeText('Why’s my BILL so high?!')).toBe('why s my bill so high');
    expect(normalizeText("What's my plan")).toBe('what is my plan');
    expect(normalizeText('whats my plan')).toBe('what is my plan');
    expect(normalizeText("don't restart")).toBe('do not restart');
    expect(normalizeText('Störung im Wohnzimmer – größer')).toBe('storung im wohnzimmer grosser');
    expect(normalizeText("l'état de ma box, après-midi")).toBe('l etat de ma box apres midi');
    expect(normalizeText("Wave Home 1'000")).toBe('wave home 1000');
    expect(normalizeText('ma sœur')).toBe('ma soeur');
  });

  it('keeps German "im" (not "I am")', () => {
    expect(normalizeText('im Moment')).toBe('im moment');
  });
});

describe('clausesOf', () => {
  it('splits at clause marks and drops greetings at the start', () => {
    expect(clausesOf('Hi, how can I change my plan?')).toEqual(['how can i change my plan']);
    expect(clausesOf('Bonjour ! Pouvez-vous redémarrer ma box ? Merci')).toEqual(['pouvez vous redemarrer ma box', 'merci']);
    expect(clausesOf('hallo\nzeig mir meine Rechnung')).toEqual(['zeig mir meine rechnung']);
  });
});

describe('editDistance', () => {
  it('counts one typo as one', () => {
    expect(editDistance('home', 'hmoe', 2)).toBe(2);
    expect(editDistance('mobile', 'mobil', 1)).toBe(1);
    expect(editDistance('fiber', 'fibre', 2)).toBe(2);
    expect(editDistance('home', 'phone', 1)).toBeGreaterThan(1);
  });
});
