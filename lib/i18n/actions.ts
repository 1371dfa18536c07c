'use server';

import { cookies } from 'next/headers';
import { isLocale, LOCALE_COOKIE } from './locales';

/** Remembers the visitor's language for a year. Unknown values are ignored, not stored. */
export async function setLocale(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
}
