import { casualDateParser } from '@/lib/i18n/date-parsers';
import type { TextLanguage } from '@/lib/ai/local/text';
import { normalizeText } from './normalize';

/**
 * Date parsing for appointment requests: chrono in the request's language (then the others),
 * relative to `now` in the slot grid's time zone, snapped to the technician slot grid
 * (Mon–Fri 08:00, 12:00, 16:00; Sat 08:00), written as ISO 8601 with that zone's offset.
 */

const LANGUAGES: TextLanguage[] = ['en', 'de', 'fr', 'it'];

/** Slot start hours per weekday (0 = Sunday) and the hour each day's last slot ends. */
export const SLOT_GRID: Record<number, { starts: number[]; end: number }> = {
  0: { starts: [], end: 0 },
  1: { starts: [8, 12, 16], end: 20 },
  2: { starts: [8, 12, 16], end: 20 },
  3: { starts: [8, 12, 16], end: 20 },
  4: { starts: [8, 12, 16], end: 20 },
  5: { starts: [8, 12, 16], end: 20 },
  6: { starts: [8], end: 13 },
};

/** Parts of the day → the slot that starts then. */
const PART_OF_DAY: [RegExp, number][] = [
  [/\b(afternoon|nachmittags?|apres midi|aprem|pomeriggio)\b/, 12],
  [/\b(evening|tonight|abends?|soir|soiree|sera|serata|stasera)\b/, 16],
  [/\b(morning|vormittags?|morgens|am morgen|fruh|frueh|matin|matinee|mattina|mattino|stamattina)\b/, 8],
  [/\b(noon|midday|mittags?|midi|mezzogiorno)\b/, 12],
];

export type CalendarDate = { year: number; month: number; day: number };

export type AppointmentTime =
  /** A slot of the grid: its start as ISO 8601 with the zone's offset. */
  | { kind: 'slot'; startsAt: string; date: string }
  /** A day (and maybe time) that is not on the slot grid: Sunday, 21:00, 06:00. */
  | { kind: 'off-grid'; date: string }
  /** The day or slot has already begun. */
  | { kind: 'past'; date: string }
  | { kind: 'none' };

/** The offset of `timeZone` at `instant`, in minutes east of UTC. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(instant);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function offsetString(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function isoDate(d: CalendarDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** The instant at which the wall clock in `timeZone` shows the given date and time. */
export function zonedInstant(d: CalendarDate, hour: number, minute: number, timeZone: string): Date {
  const asUtc = Date.UTC(d.year, d.month - 1, d.day, hour, minute);
  let instant = new Date(asUtc - zoneOffsetMinutes(new Date(asUtc), timeZone) * 60_000);
  // Near a DST change the first guess can use the other offset.
  instant = new Date(asUtc - zoneOffsetMinutes(instant, timeZone) * 60_000);
  return instant;
}

/** ISO 8601 with the zone's offset at that moment, e.g. 2026-12-03T08:00:00+01:00. */
export function zonedIso(d: CalendarDate, hour: number, minute: number, timeZone: string): string {
  const offset = zoneOffsetMinutes(zonedInstant(d, hour, minute, timeZone), timeZone);
  return `${isoDate(d)}T${pad(hour)}:${pad(minute)}:00${offsetString(offset)}`;
}

/** The calendar date of an instant in `timeZone`. */
export function zonedDate(instant: Date, timeZone: string): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

export function weekdayOf(d: CalendarDate): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

type Found = { date?: CalendarDate; hour?: number; meridiemKnown?: boolean };

/**
 * How month names begin, in the four languages: the lookahead below only needs a prefix, so "jan"
 * stands for "januar" and "janvier", "mar" for "marz", "mars" and "marzo", and so on.
 */
const MONTHS =
  'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|maerz|mai|oktober|dezember|fevrier|avril|juin|juillet|aout|gennaio|maggio|giugno|luglio|agosto|settembre|ottobre|dicembre';

/** A day of the month without a month ("the 4th", "am 4.", "le 4", "il 4"): chrono leaves it out. */
const DAY_ONLY = new RegExp(
  String.raw`\b(?:the (\d{1,2})(?:st|nd|rd|th)|am (\d{1,2})\.|(?:le|au|il|al) (\d{1,2}))(?![\d.:]|\s*(?:of\s+)?(?:${MONTHS})|\s*(?:h|uhr|heures?|ore|pm|am)\b)`,
  'i',
);

function dayOnly(text: string, now: Date, timeZone: string): { date: CalendarDate; rest: string } | undefined {
  const m = DAY_ONLY.exec(normalizeDayText(text));
  const day = Number(m?.[1] ?? m?.[2] ?? m?.[3]);
  if (!m || !(day >= 1 && day <= 31)) return undefined;
  const today = zonedDate(now, timeZone);
  for (let add = 0; add <= 2; add++) {
    const month = ((today.month - 1 + add) % 12) + 1;
    const year = today.year + Math.floor((today.month - 1 + add) / 12);
    const candidate = { year, month, day };
    const valid = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
    if (valid && isoDate(candidate) >= isoDate(today)) return { date: candidate, rest: text.replace(m[0], ' ') };
  }
  return undefined;
}

/** Lower case without accents, keeping the digits and dots a day-of-month pattern needs. */
function normalizeDayText(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '');
}

function parseWith(lang: TextLanguage, text: string, now: Date, timeZone: string): Found {
  const reference = { instant: now, timezone: zoneOffsetMinutes(now, timeZone) };
  // Results of one or two letters are abbreviations seen inside words ("fr" in "früh").
  // "16h" read as "in 16 hours" by the English parser is a French time, not a date.
  // One space for every whitespace run: chrono's German and French parsers take quadratic time
  // over long runs of spaces (16 ms for 2,000), and a date never needs more than one.
  const results = casualDateParser(lang)
    .parse(text.replace(/\s+/g, ' '), reference, { forwardDate: true })
    .filter((r) => r.text.trim().length >= 3 && !/^\d+\s*(?:h|hrs?|hours?|min|mins|minutes?)$/i.test(r.text.trim()));
  const found: Found = {};
  for (const r of results) {
    const s = r.start;
    const hasDay = s.isCertain('day') || s.isCertain('weekday');
    if (hasDay && !found.date) found.date = { year: s.get('year') ?? 0, month: s.get('month') ?? 0, day: s.get('day') ?? 0 };
    if (s.isCertain('hour') && found.hour === undefined) {
      found.hour = s.get('hour') ?? undefined;
      found.meridiemKnown = s.isCertain('meridiem');
    }
  }
  return found;
}

/**
 * The slot an appointment request asks for. A bare day means its first slot (08:00); a part of
 * the day its slot ("afternoon" → 12:00, "evening" → 16:00); a time inside a slot that slot's
 * start; "at 4" without am/pm the afternoon (nobody books a technician at 04:00).
 */
export function parseAppointmentTime(text: string, lang: TextLanguage, now: Date, timeZone: string): AppointmentTime {
  const order = [lang, ...LANGUAGES.filter((x) => x !== lang)];
  let found = parseWith(lang, text, now, timeZone);
  if (!found.date) {
    // "the 4th at 4pm", "am 4. um 16 Uhr": a day of the month on its own, then its time.
    const fallback = dayOnly(text, now, timeZone);
    if (fallback) {
      const time = order.map((l) => parseWith(l, fallback.rest, now, timeZone)).find((f) => f.hour !== undefined);
      found = { date: fallback.date, hour: time?.hour, meridiemKnown: time?.meridiemKnown };
    }
  }
  for (const l of order.slice(1)) {
    if (found.date) break;
    found = parseWith(l, text, now, timeZone);
  }
  const date = found.date;
  if (!date) return { kind: 'none' };
  const dateString = isoDate(date);
  const folded = normalizeText(text);
  let hour: number | undefined = found.hour;
  if (hour !== undefined && !found.meridiemKnown && hour >= 1 && hour <= 7) hour += 12;
  const grid = SLOT_GRID[weekdayOf(date)]!;
  let start: number | undefined;
  if (hour !== undefined) {
    // Slots are windows: 10:30 on a weekday is inside the 08:00–12:00 slot.
    start = hour < grid.end ? [...grid.starts].reverse().find((s) => s <= hour) : undefined;
  } else {
    // A part of the day names a slot, which that day must have ("Saturday afternoon" has none).
    const part = PART_OF_DAY.find(([pattern]) => pattern.test(folded))?.[1];
    start = part === undefined ? grid.starts[0] : grid.starts.find((s) => s === part);
  }
  if (start === undefined) return { kind: 'off-grid', date: dateString };
  if (zonedInstant(date, start, 0, timeZone).getTime() <= now.getTime()) return { kind: 'past', date: dateString };
  return { kind: 'slot', startsAt: zonedIso(date, start, 0, timeZone), date: dateString };
}

/** A plain date in the request (for list_appointment_slots' `from`), if it is not in the past. */
export function parseFromDate(text: string, lang: TextLanguage, now: Date, timeZone: string): string | undefined {
  for (const l of [lang, ...LANGUAGES.filter((x) => x !== lang)]) {
    const { date } = parseWith(l, text, now, timeZone);
    if (!date) continue;
    const today = isoDate(zonedDate(now, timeZone));
    const iso = isoDate(date);
    return iso >= today ? iso : undefined;
  }
  return undefined;
}
