import { fold, type TextLanguage } from './text';

/**
 * The customer's case by the day of the month they name. "Se imposto l'addebito diretto il 25 del
 * mese, da quale fattura parte?" is answered by the row «Dal 21 a fine mese | Fattura di un mese
 * dopo», not by «Dal 1° al 20 del mese | …»: the rows state ranges of days of the month, and the
 * customer's day falls in one. Only days of the month, read where the text says it is one: a range
 * of other numbers ("85–100 Mbit/s") or a number the question gives for something else ("Box 5")
 * is no such case.
 */

// The day a message names: "on the 25th", "25th of the month", "am 25.", "le 25", "il 25".
const DAY_IN_MESSAGE: Record<TextLanguage, RegExp[]> = {
  en: [/\b(\d{1,2})(?:st|nd|rd|th)\b/g, /\b(\d{1,2}) of the month\b/g],
  de: [/\bam (\d{1,2})\b/g, /\b(\d{1,2})\. (?:des|im|jedes) monats?\b/g],
  fr: [/\ble (\d{1,2})(?:er)?\b/g],
  it: [/\bil (\d{1,2})\b/g],
};

// A range of days in a passage that speaks of the month: "1st–20th", "21st–end", "1.–20.", "21. bis
// Monatsende", "du 1er au 20", "du 21 à la fin", "dal 1° al 20", "dal 21 a fine".
const MONTH = /\b(?:month|monats?|monatsende|mois|mese)\b/;
const RANGE = /(\d{1,2})(?:st|nd|rd|th|er|\.|°)?\s*(?:[–-]|\bbis\b|\bau\b|\bal\b)\s*(\d{1,2})(?:st|nd|rd|th|er|\.|°)?/g;
const TO_END = /(\d{1,2})(?:st|nd|rd|th|er|\.|°)?\s*(?:[–-]\s*end\b|\bbis\s+monatsende\b|\ba la fin\b|\ba fine\b)/g;

export type DayRange = { from: number; to: number };

function readable(text: string): string {
  return fold(text).replace(/\*\*/g, '');
}

const isDay = (n: number) => n >= 1 && n <= 31;

/** The days of the month a message names ("il 25 del mese" → 25). */
export function daysOfMonth(message: string, lang: TextLanguage): number[] {
  const text = readable(message);
  const days = DAY_IN_MESSAGE[lang].flatMap((pattern) => [...text.matchAll(pattern)].map((m) => Number(m[1])));
  return [...new Set(days.filter(isDay))];
}

/** The ranges of days of the month a passage states ("Dal 21 a fine mese" → 21–31). */
export function dayRanges(text: string): DayRange[] {
  const folded = readable(text);
  if (!MONTH.test(folded)) return [];
  const ranges: DayRange[] = [];
  for (const m of folded.matchAll(RANGE)) {
    const from = Number(m[1]);
    const to = Number(m[2]);
    if (isDay(from) && isDay(to) && from < to) ranges.push({ from, to });
  }
  for (const m of folded.matchAll(TO_END)) if (isDay(Number(m[1]))) ranges.push({ from: Number(m[1]), to: 31 });
  return ranges;
}

/** 1 when a day the customer names falls in a range the text states, −1 when none does, 0 when it states none. */
export function dayOfMonthCase(text: string, days: number[]): number {
  if (days.length === 0) return 0;
  const ranges = dayRanges(text);
  if (ranges.length === 0) return 0;
  return days.some((d) => ranges.some((r) => d >= r.from && d <= r.to)) ? 1 : -1;
}
