import { businessTimeZone } from '@/lib/business-settings';

/**
 * Calendar arithmetic for the customer system. Calendar days are 'YYYY-MM-DD' strings (what a
 * PostgreSQL `date` column holds); instants are Dates. "Today" and wall-clock times are those of
 * the company's time zone (LANTERN_TIME_ZONE, lib/business-settings.ts), so a slot "Mon 08:00" is
 * 08:00 there whatever the server's zone.
 */

const DAY_MS = 86_400_000;

function parseDay(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a calendar day: ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayMs(day: string): number {
  const { y, m, d } = parseDay(day);
  return Date.UTC(y, m - 1, d);
}

export function isCalendarDay(value: string): boolean {
  const match = /^\d{4}-\d{2}-\d{2}$/.exec(value);
  if (!match) return false;
  return formatDay(dayMs(value)) === value;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function zonedParts(instant: Date, timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** Minutes the zone is ahead of UTC at this instant (+60 in Zurich in winter). */
export function zoneOffsetMinutes(instant: Date, timeZone = businessTimeZone()): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The calendar day in the company's zone at this instant. */
export function localDay(instant: Date, timeZone = businessTimeZone()): string {
  const p = zonedParts(instant, timeZone);
  return formatDay(Date.UTC(p.y, p.m - 1, p.d));
}

/** The instant of a wall-clock time ('HH:MM') on a calendar day in the company's zone. */
export function zonedInstant(day: string, time: string, timeZone = businessTimeZone()): Date {
  const { y, m, d } = parseDay(day);
  const [h, mi] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, h ?? 0, mi ?? 0);
  const first = zoneOffsetMinutes(new Date(guess), timeZone);
  let result = guess - first * 60_000;
  const second = zoneOffsetMinutes(new Date(result), timeZone);
  if (second !== first) result = guess - second * 60_000;
  return new Date(result);
}

/** ISO 8601 with the company zone's offset, e.g. 2026-12-03T08:00:00+01:00. */
export function toZonedIso(instant: Date, timeZone = businessTimeZone()): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function addDays(day: string, days: number): string {
  return formatDay(dayMs(day) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative if `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function addMonths(day: string, months: number): string {
  const { y, m, d } = parseDay(day);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return formatDay(target.getTime());
}

export function firstOfNextMonth(day: string): string {
  return addMonths(firstOfMonth(day), 1);
}

export function lastOfMonth(day: string): string {
  return addDays(firstOfNextMonth(day), -1);
}

export function daysInMonth(day: string): number {
  return Number(lastOfMonth(day).slice(8, 10));
}

export function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(dayMs(day)).getUTCDay();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "3 Dec 2026". */
export function formatDayLabel(day: string): string {
  const { y, m, d } = parseDay(day);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "HH:MM" in the company's zone. */
export function formatTime(instant: Date, timeZone = businessTimeZone()): string {
  const p = zonedParts(instant, timeZone);
  return `${String(p.h).padStart(2, '0')}:${String(p.mi).padStart(2, '0')}`;
}

/** "Thu 3 Dec 2026, 08:00–12:00". */
export function formatWindow(startsAt: Date, endsAt: Date, timeZone = businessTimeZone()): string {
  const day = localDay(startsAt, timeZone);
  return `${WEEKDAYS[weekday(day)]} ${formatDayLabel(day)}, ${formatTime(startsAt, timeZone)}–${formatTime(endsAt, timeZone)}`;
}
