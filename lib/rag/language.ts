import { franc } from 'franc-min';
import type { Locale } from '@/lib/i18n/locales';

/** The languages Lantern answers in, with their PostgreSQL text-search configurations. */
export const TS_CONFIG: Record<Locale, string> = { en: 'english', de: 'german', fr: 'french', it: 'italian' };

const FRANC_TO_LOCALE: Record<string, Locale> = { eng: 'en', deu: 'de', fra: 'fr', ita: 'it' };

export function tsConfigFor(lang: string | undefined): string {
  return lang && lang in TS_CONFIG ? TS_CONFIG[lang as Locale] : 'simple';
}

/**
 * Detects which of the supported languages a text is in (franc, limited to our four). Returns
 * undefined when the text is too short or too ambiguous to tell; callers then fall back to a prior
 * (the conversation's language, the page's language).
 */
export function detectLanguage(text: string, { minLength = 12 }: { minLength?: number } = {}): Locale | undefined {
  const code = franc(text, { only: Object.keys(FRANC_TO_LOCALE), minLength });
  return FRANC_TO_LOCALE[code];
}
