import { describe, expect, it } from 'vitest';
import { money, formatDateTime, formatDay, formatMonth, formatNumber, formatTime, formatWindow, joinList, businessDay } from './format';

describe('phrasing formats', () => {
  it('writes calendar days in each language, the first of a month as an ordinal in French and Italian', () => {
    expect(formatDay('2026-12-03', 'en')).toBe('3 December 2026');
    expect(formatDay('2026-12-03', 'de')).toBe('3. Dezember 2026');
    expect(formatDay('2026-12-03', 'fr')).toBe('3 décembre 2026');
    expect(formatDay('2026-12-03', 'it')).toBe('3 dicembre 2026');
    expect(formatDay('2027-01-01', 'fr')).toBe('1er janvier 2027');
    expect(formatDay('2027-01-01', 'it')).toBe('1° gennaio 2027');
    expect(formatDay('2027-01-01', 'de')).toBe('1. Januar 2027');
    expect(formatDay('2027-01-11', 'fr')).toBe('11 janvier 2027');
  });

  it('keeps a value that is not a day as it is', () => {
    expect(formatDay('soon', 'de')).toBe('soon');
    expect(formatDateTime('not a time', 'fr')).toBe('not a time');
  });

  it('writes months, times and slots in Zurich time, summer and winter', () => {
    expect(formatMonth('2026-12-01', 'de')).toBe('Dezember 2026');
    expect(formatMonth('2026-12-01', 'fr')).toBe('décembre 2026');
    expect(formatTime('2026-12-03T07:00:00Z', 'en')).toBe('08:00');
    expect(formatTime('2026-07-01T06:00:00Z', 'en')).toBe('08:00');
    expect(formatWindow('2026-12-03T08:00:00+01:00', '2026-12-03T12:00:00+01:00', 'de')).toBe('Donnerstag, 3. Dezember 2026, 08:00–12:00');
    expect(formatWindow('2026-12-03T08:00:00+01:00', '2026-12-03T12:00:00+01:00', 'fr')).toBe('jeudi 3 décembre 2026, 08:00–12:00');
    expect(formatWindow('2026-12-03T08:00:00+01:00', '2026-12-03T12:00:00+01:00', 'it')).toBe('giovedì 3 dicembre 2026, 08:00–12:00');
    expect(formatWindow('2026-12-03T08:00:00+01:00', '2026-12-03T12:00:00+01:00', 'en')).toBe('Thursday 3 December 2026, 08:00–12:00');
    // 23:30 UTC is already the next day in Zurich.
    expect(businessDay('2026-12-02T23:30:00Z')).toBe('2026-12-03');
    expect(formatDateTime('2026-12-02T23:30:00Z', 'de')).toBe('3. Dezember 2026 um 00:30 Uhr');
    expect(formatDateTime('2026-12-03T14:30:00+01:00', 'it')).toBe('3 dicembre 2026 alle 14:30');
  });

  it('writes amounts the Swiss way and measurements with the language decimal mark', () => {
    expect(money(6400)).toBe('CHF 64.00');
    expect(money(-1000)).toBe('-CHF 10.00');
    expect(formatNumber(-18.4, 'fr')).toBe('-18,4');
    expect(formatNumber(-18.4, 'de')).toBe('-18.4');
    expect(formatNumber(1000, 'de')).toBe('1000');
    expect(joinList(['a', 'b', 'c'], 'it')).toBe('a, b e c');
  });
});
