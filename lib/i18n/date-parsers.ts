import * as chrono from 'chrono-node';
import type { TextLanguage } from '@/lib/ai/local/text';
import { processValue } from '@/lib/runtime/process-map';

/**
 * chrono's casual date parsers, one per language, shared by every copy of this module in the
 * process. V8 runs a regular expression in its interpreter the first time and compiles it to
 * machine code the second; for one language's chrono patterns that compile takes 240–320 ms on
 * this machine, per RegExp object. Next bundles this module once per route (and once for the
 * startup hook), each copy with its own chrono and so its own patterns: without sharing, every
 * route paid that compile again on a customer's message, per language.
 */
type DateParsers = Record<TextLanguage, chrono.Chrono>;

export function casualDateParser(lang: TextLanguage): chrono.Chrono {
  return processValue<DateParsers>('chrono-casual', () => ({ en: chrono.en.casual, de: chrono.de.casual, fr: chrono.fr.casual, it: chrono.it.casual }))[lang];
}

/** A fixed reference instant: readers of time expressions care which words form one, not the date it names. */
const REFERENCE = new Date('2026-01-05T12:00:00Z');

/** The time expressions chrono's casual parser finds in a text ("tonight", "next month", "le mois prochain"), as written. */
export function timeExpressions(text: string, lang: TextLanguage): string[] {
  return casualDateParser(lang).parse(text, REFERENCE).map((result) => result.text);
}

/**
 * Parses a dateless sentence twice in every language, so that each parser's patterns have run
 * twice and been compiled (every pattern runs over the whole text, match or not): the startup's
 * job, not a customer's.
 */
export function compileDateParsers(): void {
  const reference = new Date(0);
  for (const lang of ['en', 'de', 'fr', 'it'] as const) {
    for (let run = 0; run < 2; run++) casualDateParser(lang).parse('Lantern', reference);
  }
}
