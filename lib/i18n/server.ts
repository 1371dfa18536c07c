import 'server-only';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE, LOCALE_HEADER, isLocale, type Locale } from './locales';
import { messagesFor, type Messages } from './messages';
import { negotiateLocale } from './negotiate';

/** The current request's language and UI messages (server components and actions). */
export async function getLocale(): Promise<Locale> {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const forced = headerList.get(LOCALE_HEADER);
  if (isLocale(forced)) return forced;
  return negotiateLocale({ cookie: cookieStore.get(LOCALE_COOKIE)?.value, acceptLanguage: headerList.get('accept-language') });
}

export async function getMessages(): Promise<{ locale: Locale; t: Messages }> {
  const locale = await getLocale();
  return { locale, t: messagesFor(locale) };
}
