import { asTextLanguage, contentTerms } from '@/lib/ai/local/text';
import type { FollowUp } from '@/lib/db/schema';

/**
 * What a customer's next message says about the reply before it — the evidence the insights
 * read, since few customers press a thumb: a chit-chat message (thanks, bye) accepts it; one
 * that shares at least half of the telling words (stemmed, in the question's language) of the
 * shorter of the two questions asks the same again; anything else moves on.
 */
export function followUpSignal(previous: { question: string; lang: string }, next: { question: string; route: string }): FollowUp {
  if (next.route === 'chit_chat') return 'thanked';
  const lang = asTextLanguage(previous.lang);
  const before = new Set(contentTerms(previous.question, lang));
  const after = new Set(contentTerms(next.question, lang));
  if (before.size === 0 || after.size === 0) return 'moved_on';
  let shared = 0;
  for (const term of after) if (before.has(term)) shared++;
  return shared * 2 >= Math.min(before.size, after.size) ? 'asked_again' : 'moved_on';
}
