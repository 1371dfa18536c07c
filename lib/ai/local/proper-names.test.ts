import { describe, expect, it } from 'vitest';
import { properNameTerms } from './proper-names';
import { contentTerms } from './text';

describe('properNameTerms', () => {
  it('reads a capitalised word inside a sentence as a name, "+" and all', () => {
    expect(properNameTerms('Is Netflix or Disney+ included if I take the plus plan?', 'en')).toEqual(['netflix', 'disney']);
    expect(properNameTerms('Est-ce que Netflix est inclus ?', 'fr')).toEqual(['netflix']);
    expect(properNameTerms('Vado a Milano ogni tanto', 'it')).toEqual(contentTerms('Milano', 'it'));
  });

  it('leaves out the first word of a sentence, a unit after its number, all-capital abbreviations and German nouns', () => {
    expect(properNameTerms('How do I get 10 Gbit/s?', 'en')).toEqual([]);
    expect(properNameTerms('Netflix stalls. Roaming costs too much', 'en')).toEqual([]);
    expect(properNameTerms('which port do I need for my PC? y a-t-il un rabais AVS', 'en')).toEqual([]);
    expect(properNameTerms('Ist Netflix bei Wave TV Plus inklusive?', 'de')).toEqual([]);
  });
});
