import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales';

/** The visitor's language: their explicit choice (cookie) first, then their browser's preference. */
export function negotiateLocale({ cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string | null }): Locale {
  if (isLocale(cookie)) return cookie;
  const preferred = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).language([...LOCALES]);
  return isLocale(preferred) ? preferred : DEFAULT_LOCALE;
}
