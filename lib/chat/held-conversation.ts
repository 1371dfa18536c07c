import type { Db } from '@/lib/db/client';
import { findHolder } from '@/lib/db/queries/handoffs';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { detectLanguage } from '@/lib/i18n/detect-language';

/**
 * While a support expert holds a conversation (its hand-off claimed), the bot does not answer:
 * the customer's message is stored for the expert (the console shows it) and the customer gets a
 * short acknowledgement. Closing the hand-off gives the conversation back to the bot.
 */

const ACKNOWLEDGEMENTS: Record<Locale, (name: string | null) => string> = {
  en: (name) => `Your message was passed to ${name ? `${name} from our support team` : 'our support team'}. The reply will appear here.`,
  de: (name) => `Ihre Nachricht wurde an ${name ? `${name} aus unserem Support-Team` : 'unser Support-Team'} weitergeleitet. Die Antwort erscheint hier.`,
  fr: (name) => `Votre message a été transmis à ${name ? `${name}, de notre équipe support` : 'notre équipe support'}. La réponse s'affichera ici.`,
  it: (name) => `Il Suo messaggio è stato inoltrato a ${name ? `${name} del nostro team di supporto` : 'il nostro team di supporto'}. La risposta apparirà qui.`,
};

export type Relay = { text: string; lang: Locale };

/** The acknowledgement to send instead of an answer, or null when the bot may answer. */
export async function relayIfHeld(
  db: Db,
  { conversationId, question, prior }: { conversationId: string; question: string; prior: Locale | undefined },
): Promise<Relay | null> {
  const holder = await findHolder(db, { conversationId });
  if (!holder) return null;
  const lang = detectLanguage(question, { prior }) ?? prior ?? 'en';
  // First names only: the customer sees who helps them, not the staff member's full name.
  const name = holder.name?.trim().split(/\s+/)[0] ?? null;
  return { text: ACKNOWLEDGEMENTS[isLocale(lang) ? lang : 'en'](name), lang };
}
