import { describe, expect, it } from 'vitest';
import { parseAppointmentTime, parseFromDate, zonedIso, zoneOffsetMinutes } from './dates';
import { NOW } from './test-fixtures';

const TZ = 'Europe/Zurich';
const at = (text: string, lang: 'en' | 'de' | 'fr' | 'it', now = NOW) => parseAppointmentTime(text, lang, now, TZ);

describe('parseAppointmentTime (now = Monday 23 Nov 2026, 10:00 Zurich)', () => {
  it.each([
    // absolute dates, every language
    ['on 3 December 2026 at 8am', 'en', '2026-12-03T08:00:00+01:00'],
    ['am 3. Dezember 2026 um 12 Uhr', 'de', '2026-12-03T12:00:00+01:00'],
    ['am 3.12.2026 um 16 Uhr', 'de', '2026-12-03T16:00:00+01:00'],
    ['le 4 décembre 2026 à 16h', 'fr', '2026-12-04T16:00:00+01:00'],
    ['il 4 dicembre 2026 alle 16', 'it', '2026-12-04T16:00:00+01:00'],
    // weekdays, relative to now
    ['Thursday at 8', 'en', '2026-11-26T08:00:00+01:00'],
    ['Donnerstag um 8', 'de', '2026-11-26T08:00:00+01:00'],
    ['jeudi à 8h', 'fr', '2026-11-26T08:00:00+01:00'],
    ['giovedì alle 8', 'it', '2026-11-26T08:00:00+01:00'],
    // a bare day → its first slot
    ['Friday', 'en', '2026-11-27T08:00:00+01:00'],
    ['Saturday', 'en', '2026-11-28T08:00:00+01:00'],
    ['morgen', 'de', '2026-11-24T08:00:00+01:00'],
    // parts of the day
    ['tomorrow afternoon', 'en', '2026-11-24T12:00:00+01:00'],
    ['Friday evening', 'en', '2026-11-27T16:00:00+01:00'],
    ['Donnerstag Nachmittag', 'de', '2026-11-26T12:00:00+01:00'],
    ['Freitag abend', 'de', '2026-11-27T16:00:00+01:00'],
    ['morgen früh', 'de', '2026-11-24T08:00:00+01:00'],
    ['jeudi après-midi', 'fr', '2026-11-26T12:00:00+01:00'],
    ['vendredi soir', 'fr', '2026-11-27T16:00:00+01:00'],
    ['demain matin', 'fr', '2026-11-24T08:00:00+01:00'],
    ['giovedì pomeriggio', 'it', '2026-11-26T12:00:00+01:00'],
    ['venerdì sera', 'it', '2026-11-27T16:00:00+01:00'],
    ['domani mattina', 'it', '2026-11-24T08:00:00+01:00'],
    ['December 3rd at noon', 'en', '2026-12-03T12:00:00+01:00'],
    // a time inside a slot → that slot; "at 4" means the afternoon
    ['Thursday at 10:30', 'en', '2026-11-26T08:00:00+01:00'],
    ['demain 14h', 'fr', '2026-11-24T12:00:00+01:00'],
    ['Thursday at 4', 'en', '2026-11-26T16:00:00+01:00'],
    ['Saturday at 10', 'en', '2026-11-28T08:00:00+01:00'],
    // a day of the month without a month
    ['the 4th at 4pm', 'en', '2026-12-04T16:00:00+01:00'],
    ['am 4. um 16 Uhr', 'de', '2026-12-04T16:00:00+01:00'],
    ['au 4 à 16h', 'fr', '2026-12-04T16:00:00+01:00'],
    ['al 4 alle 16', 'it', '2026-12-04T16:00:00+01:00'],
    ['the 24th', 'en', '2026-11-24T08:00:00+01:00'],
  ] as const)('%s (%s) → %s', (text, lang, iso) => {
    expect(at(text, lang)).toEqual({ kind: 'slot', startsAt: iso, date: iso.slice(0, 10) });
  });

  it('says which days and times are not on the slot grid', () => {
    expect(at('Sunday', 'en')).toEqual({ kind: 'off-grid', date: '2026-11-29' });
    expect(at('tomorrow at 9pm', 'en')).toEqual({ kind: 'off-grid', date: '2026-11-24' });
    expect(at('Saturday at 2pm', 'en')).toEqual({ kind: 'off-grid', date: '2026-11-28' });
    expect(at('Samstag Nachmittag', 'de')).toEqual({ kind: 'off-grid', date: '2026-11-28' });
    expect(at('Thursday at 6am', 'en')).toEqual({ kind: 'off-grid', date: '2026-11-26' });
  });

  it('says when the slot has begun already', () => {
    expect(at('today at 8', 'en').kind).toBe('past');
    expect(at('on 3 November 2026', 'en').kind).toBe('past');
    expect(at('today at 16:00', 'en').kind).toBe('slot');
  });

  it('finds nothing without a day', () => {
    expect(at('move my appointment', 'en')).toEqual({ kind: 'none' });
    expect(at('at 4pm', 'en')).toEqual({ kind: 'none' });
  });

  it('writes the summer offset in summer and the winter offset in winter', () => {
    const march = new Date('2027-03-24T10:00:00+01:00');
    expect(at('on 1 April 2027 at 8', 'en', march)).toMatchObject({ startsAt: '2027-04-01T08:00:00+02:00' });
    expect(at('on 26 March 2027 at 8', 'en', march)).toMatchObject({ startsAt: '2027-03-26T08:00:00+01:00' });
    // The Monday after the switch to summer time (28 March 2027).
    expect(at('Monday at 12', 'en', march)).toMatchObject({ startsAt: '2027-03-29T12:00:00+02:00' });
  });

  it('reads relative days in the slot grid’s zone, not the machine’s', () => {
    // 23:30 UTC on Sunday is already Monday 00:30 in Zurich: "tomorrow" is Tuesday there.
    const lateSunday = new Date('2026-11-22T23:30:00Z');
    expect(at('tomorrow', 'en', lateSunday)).toMatchObject({ startsAt: '2026-11-24T08:00:00+01:00' });
  });

  it('falls back to the other languages when the conversation language finds nothing', () => {
    expect(at('Donnerstag um 8', 'en')).toMatchObject({ startsAt: '2026-11-26T08:00:00+01:00' });
  });
});

describe('zone helpers', () => {
  it('computes Zurich offsets across the year', () => {
    expect(zoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), TZ)).toBe(60);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), TZ)).toBe(120);
    expect(zonedIso({ year: 2026, month: 7, day: 1 }, 8, 0, TZ)).toBe('2026-07-01T08:00:00+02:00');
    expect(zonedIso({ year: 2026, month: 12, day: 1 }, 16, 0, TZ)).toBe('2026-12-01T16:00:00+01:00');
    expect(zonedIso({ year: 2026, month: 12, day: 1 }, 16, 0, 'America/New_York')).toBe('2026-12-01T16:00:00-05:00');
  });
});

describe('parseFromDate', () => {
  it('returns a future date as YYYY-MM-DD, nothing for a past one', () => {
    expect(parseFromDate('free slots on 7 December 2026', 'en', NOW, TZ)).toBe('2026-12-07');
    expect(parseFromDate('am 8. Dezember 2026', 'de', NOW, TZ)).toBe('2026-12-08');
    expect(parseFromDate('on 1 November 2026', 'en', NOW, TZ)).toBeUndefined();
    expect(parseFromDate('free slots', 'en', NOW, TZ)).toBeUndefined();
  });
});
