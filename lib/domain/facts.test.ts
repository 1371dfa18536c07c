import { describe, expect, it } from 'vitest';
import { formatFact, missingFacts, normaliseForFacts, parseFactLines, statesFact } from './facts';

describe('statesFact', () => {
  it('finds a fact regardless of case, accents and whitespace', () => {
    expect(statesFact('Die Gebühr beträgt CHF  2.50 pro Rechnung.', 'gebuhr betragt chf 2.50')).toBe(true);
    expect(statesFact('Tap Home > Restart Box.', 'restart box')).toBe(true);
  });

  it('reads a decimal comma as a point and ignores thousands separators', () => {
    expect(statesFact('Les données coûtent CHF 0,15 par Mo.', '0.15')).toBe(true);
    expect(statesFact('bis zu CHF 1\'000 pro Jahr', '1000')).toBe(true);
    expect(normaliseForFacts('1 000 et 2,5')).toBe('1000 et 2.5');
  });

  it('does not find a number inside a longer number or a word inside a longer word', () => {
    expect(statesFact('CHF 10.00 per MB', '0.00')).toBe(false);
    expect(statesFact('CHF 0.15 per MB', '5')).toBe(false);
    expect(statesFact('CHF 15 per month', '1')).toBe(false);
    expect(statesFact('Boxes are returned', 'box')).toBe(false);
    expect(statesFact('within 30 days', '30 days')).toBe(true);
  });

  it('accepts any one of a fact’s alternatives', () => {
    expect(statesFact('Das Gerät zurücksenden innert 30 Tagen', ['30 days', '30 Tagen'])).toBe(true);
    expect(statesFact('innert 20 Tagen', ['30 days', '30 Tagen'])).toBe(false);
  });
});

describe('missingFacts', () => {
  it('lists the facts a text leaves out, in order', () => {
    expect(missingFacts('Zone 1 data costs CHF 0.15 per MB.', ['0.15', ['turn off', 'switch off'], 'Zone 1'])).toEqual([['turn off', 'switch off']]);
  });
});

describe('fact lines (the golden editor)', () => {
  it('round-trips facts with alternatives', () => {
    const facts = ['0.15', ['30 days', '30 Tage']];
    expect(parseFactLines(facts.map(formatFact).join('\n'))).toEqual(facts);
  });

  it('drops blank lines and empty alternatives', () => {
    expect(parseFactLines('  \n0.15 |  \n| a | b\n')).toEqual(['0.15', ['a', 'b']]);
  });
});
