/** The languages of the public site and the chat. */
export const LOCALES = ['en', 'de', 'fr', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'lantern-locale';
/** Set by proxy.ts on the widget's page only (its language comes from the host page): wins over cookie and browser. */
export const LOCALE_HEADER = 'x-lantern-locale';

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
