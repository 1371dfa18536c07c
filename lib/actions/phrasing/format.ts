import { businessTimeZone, formatMoney, formatMoneyDifference } from '@/lib/business-settings';
import type { Locale } from '@/lib/i18n/locales';

/**
 * Dates, times, amounts and small words in the customer's language. Calendar days are
 * 'YYYY-MM-DD'; instants are ISO 8601 strings. Everything is shown in the company's time zone.
 */

export type Lang = Locale;

/** A text per language. */
export type Texts<T = string> = Record<Lang, T>;

const LOCALE_TAG: Texts = { en: 'en-GB', de: 'de-CH', fr: 'fr-CH', it: 'it-CH' };

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Instants are shown in the company's time zone (LANTERN_TIME_ZONE); calendar days, held as noon
 * UTC (dayInstant), are formatted in UTC, so they are the same day in every zone.
 */
type Zone = 'business' | 'UTC';
function formatter(lang: Lang, options: Intl.DateTimeFormatOptions, zone: Zone = 'business'): Intl.DateTimeFormat {
  const timeZone = zone === 'UTC' ? 'UTC' : businessTimeZone();
  const key = `${timeZone}|${lang}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE_TAG[lang], { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

/** Noon UTC of a calendar day (formatted in UTC). Null when it is not a day. */
function dayInstant(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return Number.isNaN(date.getTime()) ? null : date;
}

function instant(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** French and Italian write the first of a month as an ordinal: "1er janvier", "1° gennaio". */
function ordinalFirst(text: string, lang: Lang): string {
  const suffix = lang === 'fr' ? 'er' : lang === 'it' ? '°' : null;
  return suffix ? text.replace(/(^|\s)1 (?=\p{L})/u, (_, space: string) => `${space}1${suffix} `) : text;
}

function longDay(date: Date, lang: Lang, zone: Zone): string {
  return ordinalFirst(formatter(lang, { day: 'numeric', month: 'long', year: 'numeric' }, zone).format(date), lang);
}

/** "3 December 2026", "3. Dezember 2026", "3 décembre 2026", "3 dicembre 2026" ("1er janvier", "1° gennaio"). Unparsable input is returned as is. */
export function formatDay(day: string, lang: Lang): string {
  const date = dayInstant(day);
  return date ? longDay(date, lang, 'UTC') : day;
}

/** "December 2026", "Dezember 2026", "décembre 2026", "dicembre 2026". */
export function formatMonth(day: string, lang: Lang): string {
  const date = dayInstant(day);
  return date ? formatter(lang, { month: 'long', year: 'numeric' }, 'UTC').format(date) : day;
}

const WEEKDAY_SEPARATOR: Texts = { en: ' ', de: ', ', fr: ' ', it: ' ' };

function weekdayAndDay(date: Date, lang: Lang, zone: Zone): string {
  const weekday = formatter(lang, { weekday: 'long' }, zone).format(date);
  return `${weekday}${WEEKDAY_SEPARATOR[lang]}${longDay(date, lang, zone)}`;
}

/** "Thursday 3 December 2026", "Donnerstag, 3. Dezember 2026", "jeudi 3 décembre 2026", "giovedì 3 dicembre 2026". */
export function formatWeekdayDay(day: string, lang: Lang): string {
  const date = dayInstant(day);
  return date ? weekdayAndDay(date, lang, 'UTC') : day;
}

/** "14:30" in the company's time zone. */
export function formatTime(iso: string, lang: Lang): string {
  const date = instant(iso);
  return date ? formatter(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date) : iso;
}

/** The calendar day (in the company's time zone) of an instant, as 'YYYY-MM-DD'. */
export function businessDay(iso: string): string | null {
  const date = instant(iso);
  if (!date) return null;
  return new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone(), year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

const AT: Texts<(day: string, time: string) => string> = {
  en: (day, time) => `${day} at ${time}`,
  de: (day, time) => `${day} um ${time} Uhr`,
  fr: (day, time) => `${day} à ${time}`,
  it: (day, time) => `${day} alle ${time}`,
};

/** "3 December 2026 at 14:30", "3. Dezember 2026 um 14:30 Uhr", "3 décembre 2026 à 14:30", "3 dicembre 2026 alle 14:30". */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = instant(iso);
  if (!date) return iso;
  return AT[lang](longDay(date, lang, 'business'), formatTime(iso, lang));
}

/** A technician slot: "Thursday 3 December 2026, 08:00–12:00" (from ISO instants). */
export function formatWindow(startsAt: string, endsAt: string, lang: Lang): string {
  const start = instant(startsAt);
  if (!start) return `${startsAt}–${endsAt}`;
  return `${weekdayAndDay(start, lang, 'business')}, ${formatTime(startsAt, lang)}–${formatTime(endsAt, lang)}`;
}

/** The same from a calendar day and wall-clock times ('08:00'). */
export function formatDayWindow(day: string, from: string, to: string, lang: Lang): string {
  return `${formatWeekdayDay(day, lang)}, ${from}–${to}`;
}

/** A measurement: "-18.4" / "-18,4" (no grouping). */
export function formatNumber(value: number, lang: Lang, fractionDigits = 1): string {
  return new Intl.NumberFormat(LOCALE_TAG[lang], { maximumFractionDigits: fractionDigits, useGrouping: false }).format(value);
}

/** "CHF 64.00" in every language, in the company's currency (the company's invoices write it so). */
export const money = formatMoney;
/** "+CHF 15.00", "-CHF 16.00". */
export const moneyDifference = formatMoneyDifference;

/** "a, b and c" in the language. */
export function joinList(items: string[], lang: Lang, type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(lang, { style: 'long', type }).format(items);
}

/** The text with its first letter upper-cased. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Markdown bullet lines. */
export function bullets(items: string[], indent = ''): string {
  return items.map((item) => `${indent}- ${item}`).join('\n');
}

/** Paragraphs and lists, blank-line separated, empty parts dropped. */
export function blocks(parts: (string | null | undefined | false)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
}

/** Punctuation: French sets a space before the colon and the semicolon. */
export const COLON: Texts = { en: ': ', de: ': ', fr: ' : ', it: ': ' };
export const SEMICOLON: Texts = { en: '; ', de: '; ', fr: ' ; ', it: '; ' };

export const PER_MONTH: Texts = { en: 'per month', de: 'pro Monat', fr: 'par mois', it: 'al mese' };

/** The label of the chat's hand-off button (lib/rag/replies.ts). */
export const TALK_TO_A_PERSON: Texts = {
  en: 'use **Talk to a person** below',
  de: 'klicken Sie unten auf **Mit einer Person sprechen**',
  fr: 'utilisez **Parler à une personne** ci-dessous',
  it: 'clicchi su **Parlare con una persona** qui sotto',
};
