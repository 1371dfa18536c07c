import { describe, expect, it } from 'vitest';
import { dayOfMonthCase, dayRanges, daysOfMonth } from './day-of-month-cases';

describe('daysOfMonth', () => {
  it('reads the day of the month a message names, in each language', () => {
    expect(daysOfMonth('If I set it up on the 25th, which invoice is first?', 'en')).toEqual([25]);
    expect(daysOfMonth('Wenn ich es am 25. einrichte, ab welcher Rechnung gilt es?', 'de')).toEqual([25]);
    expect(daysOfMonth('Si je le mets en place le 25 du mois ?', 'fr')).toEqual([25]);
    expect(daysOfMonth("se imposto l'addebito il 25 del mese?", 'it')).toEqual([25]);
  });

  it('reads no day in other numbers', () => {
    expect(daysOfMonth('My Box 5 on Wave Home 1000, 3 GB left', 'en')).toEqual([]);
    expect(daysOfMonth('il 5G funziona?', 'it')).toEqual([]);
  });
});

describe('dayRanges', () => {
  it('reads ranges of days in a passage about the month', () => {
    expect(dayRanges('| 1st–20th of the month | Invoice of the 1st of the next month |')).toEqual([{ from: 1, to: 20 }]);
    expect(dayRanges('| 21st–end of the month | Invoice one month later |')).toEqual([{ from: 21, to: 31 }]);
    expect(dayRanges('| 21. bis Monatsende | Rechnung einen Monat später |')).toEqual([{ from: 21, to: 31 }]);
    expect(dayRanges('| Du 1er au 20 du mois | Facture du 1er du mois suivant |')).toEqual([{ from: 1, to: 20 }]);
    expect(dayRanges('| Dal 21 a fine mese | Fattura di un mese dopo |')).toEqual([{ from: 21, to: 31 }]);
  });

  it('reads no range where the passage does not speak of the month', () => {
    expect(dayRanges('| Wave Home 100 | 85–100 Mbit/s |')).toEqual([]);
    expect(dayRanges('Mon–Fri 08:00–20:00, 1–3 business days')).toEqual([]);
  });
});

describe('dayOfMonthCase', () => {
  it('meets the case of the range the day falls in and misses the other', () => {
    expect(dayOfMonthCase('| 21st–end of the month | Invoice one month later |', [25])).toBe(1);
    expect(dayOfMonthCase('| 1st–20th of the month | Invoice of the 1st of the next month |', [25])).toBe(-1);
    expect(dayOfMonthCase('Invoices are due 30 days after the invoice date.', [25])).toBe(0);
  });
});
