import type { Locale } from '../locales';
import { de } from './de';
import { en, type Messages } from './en';
import { fr } from './fr';
import { it } from './it';

export type { Messages };

const MESSAGES: Record<Locale, Messages> = { en, de, fr, it };

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
