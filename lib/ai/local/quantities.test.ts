import { describe, expect, it } from 'vitest';
import { quantitiesIn, quantityTerm, withQuantities } from './quantities';

describe('quantitiesIn', () => {
  it('reads a number of years and a calendar year in the four languages', () => {
    expect(quantitiesIn('mon fils de 16 ans')).toEqual([{ number: '16', kind: 'years' }]);
    expect(quantitiesIn('Meine Tochter ist 17 Jahre alt')).toEqual([{ number: '17', kind: 'years' }]);
    expect(quantitiesIn('my 15 year old')).toEqual([{ number: '15', kind: 'years' }]);
    expect(quantitiesIn('ho un telefono del 2017')).toEqual([{ number: '2017', kind: 'calendar-year' }]);
    expect(quantitiesIn('Un adulte (18 ans ou plus)')).toEqual([{ number: '18', kind: 'years' }]);
  });

  it('leaves numbers that name a thing, amounts and shorter durations alone', () => {
    for (const text of ['Box 5', 'Wave Home 1000 costs CHF 79', 'a reminder with a CHF 20 fee', 'down for 2 days', '10 GB', 'Option 1']) {
      expect(quantitiesIn(text), text).toEqual([]);
    }
  });
});

describe('withQuantities', () => {
  it('adds one term per kind the text states a number of', () => {
    const terms = withQuantities(new Set(['phone']), 'Most phones released since 2019 support eSIM; 2020 models too.');
    expect([...terms]).toEqual(['phone', quantityTerm('calendar-year')]);
  });

  it('returns the same set when the text states none', () => {
    const terms = new Set(['box']);
    expect(withQuantities(terms, 'Restart the Box 5')).toBe(terms);
  });
});
