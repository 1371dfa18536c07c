import { contentTerms, hasGluedPronoun, tokenize } from '@/lib/ai/local/text';

/**
 * Whether a short message leans on the one before it ("move it to Thursday then", "Dann
 * verschieben Sie ihn auf Donnerstag", "Alors déplacez-le à jeudi", "Allora spostatelo a
 * giovedì"): it opens with a discourse marker or refers back with a pronoun — attached clitics
 * included — and says little else. Used to read an account follow-up with the request before it.
 */

const OPENERS = new Set(['then', 'so', 'and', 'ok', 'okay', 'dann', 'also', 'und', 'gut', 'alors', 'donc', 'et', 'bon', 'allora', 'quindi', 'e']);
const POINTING_BACK = new Set(['it', 'that', 'this', 'them', 'ihn', 'ihm', 'es', 'den', 'das', 'dies', 'le', 'la', 'les', 'lui', 'ca', 'lo', 'li', 'gli', 'quello', 'quella']);
const MAX_TERMS = 5;

export function leansOnPrevious(text: string): boolean {
  const words = tokenize(text);
  if (words.length === 0 || contentTerms(text, undefined).length > MAX_TERMS) return false;
  if (OPENERS.has(words[0]!)) return true;
  return words.some((w) => POINTING_BACK.has(w) || hasGluedPronoun(w));
}
