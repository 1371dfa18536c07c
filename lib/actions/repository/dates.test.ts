import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween, firstOfNextMonth, formatWindow, isCalendarDay, localDay, toZonedIso, weekday, zonedInstant } from './dates';

describe('company-time calendar', () => {
  it('takes "today" in Zurich, not in UTC', () => {
    expect(localDay(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(localDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(localDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('turns Zurich wall-clock times into instants across daylight saving time', () => {
    expect(zonedInstant('2026-12-03', '08:00').toISOString()).toBe('2026-12-03T07:00:00.000Z');
    expect(zonedInstant('2026-07-03', '08:00').toISOString()).toBe('2026-07-03T06:00:00.000Z');
    // The last Sunday of March: 08:00 is already summer time.
    expect(zonedInstant('2026-03-29', '08:00').toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(toZonedIso(new Date('2026-12-03T07:00:00Z'))).toBe('2026-12-03T08:00:00+01:00');
    expect(toZonedIso(new Date('2026-07-03T06:00:00Z'))).toBe('2026-07-03T08:00:00+02:00');
  });

  it('does calendar arithmetic on YYYY-MM-DD strings', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-01', -8)).toBe('2025-07-01');
    expect(firstOfNextMonth('2026-12-15')).toBe('2027-01-01');
    expect(daysBetween('2026-10-01', '2026-11-23')).toBe(53);
    expect(weekday('2026-11-23')).toBe(1);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-02-28')).toBe(true);
  });

  it('labels a slot in Zurich time', () => {
    expect(formatWindow(new Date('2026-12-03T07:00:00Z'), new Date('2026-12-03T11:00:00Z'))).toBe('Thu 3 Dec 2026, 08:00–12:00');
  });
});
