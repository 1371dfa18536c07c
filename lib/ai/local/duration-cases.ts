import { processCache } from '@/lib/runtime/process-map';
import { fold, type TextLanguage } from './text';

/**
 * The customer's case by their own numbers. "We move in three weeks and haven't told you yet —
 * what does moving cost now?" meets the row «Less than 30 days before | CHF 49», not the sentence
 * "If you tell us at least 30 days before, the move is free": both state the words, only one
 * states the customer's case. A passage that states a time limit ("at least 30 days", "more than
 * 24 hours", "weniger als 30 Tage", "moins de 30 jours", "30 giorni o più") is compared with the
 * durations the message gives ("in three weeks", "gut 36 Stunden", "depuis 2 jours"): it meets the
 * case when a duration is within every limit it states, and misses it when none is.
 *
 * Only durations (hours to months): a number of years is an age as often as a time (quantities.ts),
 * and an amount or a count ("up to 3 extenders") limits an offer, not a case.
 */

const UNIT_DAYS: Record<TextLanguage, Record<string, number>> = {
  en: { hour: 1 / 24, hours: 1 / 24, day: 1, days: 1, week: 7, weeks: 7, month: 30, months: 30 },
  de: { stunde: 1 / 24, stunden: 1 / 24, tag: 1, tage: 1, tagen: 1, woche: 7, wochen: 7, monat: 30, monate: 30, monaten: 30 },
  fr: { heure: 1 / 24, heures: 1 / 24, jour: 1, jours: 1, semaine: 7, semaines: 7, mois: 30 },
  it: { ora: 1 / 24, ore: 1 / 24, giorno: 1, giorni: 1, settimana: 7, settimane: 7, mese: 30, mesi: 30 },
};

// Numbers as customers write them before a unit ("three weeks", "eine Woche", "deux jours", "tre settimane").
const NUMBER_WORDS: Record<TextLanguage, Record<string, number>> = {
  en: { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 },
  de: { ein: 1, eine: 1, einen: 1, einer: 1, zwei: 2, drei: 3, vier: 4, funf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwolf: 12 },
  fr: { un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12 },
  it: { un: 1, uno: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10, undici: 11, dodici: 12 },
};

// Words that put a lower or an upper limit before the number ("at least 30 days"), or after its unit ("30 days or more").
const LOWER_BEFORE: Record<TextLanguage, string[]> = {
  en: ['at least', 'more than', 'longer than', 'over'],
  de: ['mindestens', 'mehr als', 'langer als', 'uber'],
  fr: ['au moins', 'plus de'],
  it: ['almeno', 'piu di', 'oltre'],
};
const UPPER_BEFORE: Record<TextLanguage, string[]> = {
  en: ['less than', 'fewer than', 'shorter than', 'under'],
  de: ['weniger als', 'kurzer als', 'unter'],
  fr: ['moins de'],
  it: ['meno di'],
};
const LOWER_AFTER: Record<TextLanguage, string[]> = { en: ['or more', 'or longer'], de: ['oder mehr', 'oder langer'], fr: ['ou plus'], it: ['o piu'] };
const UPPER_AFTER: Record<TextLanguage, string[]> = { en: ['or less', 'or fewer'], de: ['oder weniger'], fr: ['ou moins'], it: ['o meno'] };

export type Limit = { bound: 'lower' | 'upper'; days: number };

/** A folded text's words, markdown emphasis and punctuation read as spaces. */
function wordsOf(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+(?:[.,]\d+)?|-/gu) ?? [];
}

/** The unit a word names, in days; a word between the number and its unit is allowed ("24 consecutive hours"). */
function unitAfter(words: string[], i: number, lang: TextLanguage): { days: number; end: number } | undefined {
  for (const j of [i + 1, i + 2]) {
    const days = UNIT_DAYS[lang][words[j] ?? ''];
    if (days !== undefined) return { days, end: j };
  }
  return undefined;
}

function numberAt(word: string | undefined, lang: TextLanguage, words = false): number | undefined {
  if (word === undefined) return undefined;
  if (/^\d+$/.test(word)) return Number(word);
  return words ? NUMBER_WORDS[lang][word] : undefined;
}

function phraseEndsAt(words: string[], end: number, phrases: string[]): boolean {
  return phrases.some((p) => {
    const parts = p.split(' ');
    return parts.every((part, k) => words[end - parts.length + 1 + k] === part);
  });
}

function phraseStartsAt(words: string[], start: number, phrases: string[]): boolean {
  return phrases.some((p) => p.split(' ').every((part, k) => words[start + k] === part));
}

/** The time limits a passage states ("at least 30 days" → lower, 30). */
export function durationLimits(text: string, lang: TextLanguage): Limit[] {
  if (!/\d/.test(text)) return [];
  const words = wordsOf(text);
  const limits: Limit[] = [];
  words.forEach((word, i) => {
    const n = numberAt(word, lang);
    if (n === undefined) return;
    const unit = unitAfter(words, i, lang);
    if (!unit) return;
    const days = n * unit.days;
    if (phraseEndsAt(words, i - 1, LOWER_BEFORE[lang]) || phraseStartsAt(words, unit.end + 1, LOWER_AFTER[lang])) limits.push({ bound: 'lower', days });
    else if (phraseEndsAt(words, i - 1, UPPER_BEFORE[lang]) || phraseStartsAt(words, unit.end + 1, UPPER_AFTER[lang])) limits.push({ bound: 'upper', days });
  });
  return limits;
}

/** The durations a message gives, in days ("in three weeks" → 21). */
export function statedDurations(message: string, lang: TextLanguage): number[] {
  const words = wordsOf(message);
  const found: number[] = [];
  words.forEach((word, i) => {
    const n = numberAt(word, lang, true);
    if (n === undefined) return;
    // A digit may have a word before its unit ("36 full hours"); a number word stands right before it ("three weeks").
    const days = /^\d+$/.test(word) ? unitAfter(words, i, lang)?.days : UNIT_DAYS[lang][words[i + 1] ?? ''];
    if (days !== undefined) found.push(n * days);
  });
  return found;
}

function within(days: number, limit: Limit): boolean {
  return limit.bound === 'lower' ? days >= limit.days : days < limit.days;
}

// Passages are read again for every question that gives a duration: their limits, once.
const LIMITS_CACHE_SIZE = 4096;
// Process-wide, as the passage units' cache is (lib/runtime/process-map.ts).
const limitsCache = processCache<string, Limit[]>('answer.duration-limits', LIMITS_CACHE_SIZE);

function cachedLimits(text: string, lang: TextLanguage): Limit[] {
  const key = `${lang}\u0000${text}`;
  let limits = limitsCache.get(key);
  if (!limits) {
    limits = durationLimits(text, lang);
    limitsCache.set(key, limits);
  }
  return limits;
}

/** 1 when a duration the customer gave is within every limit the text states, −1 when none is, 0 when it states none. */
export function durationCase(text: string, durations: number[], lang: TextLanguage): number {
  if (durations.length === 0) return 0;
  const limits = cachedLimits(text, lang);
  if (limits.length === 0) return 0;
  return durations.some((d) => limits.every((limit) => within(d, limit))) ? 1 : -1;
}
