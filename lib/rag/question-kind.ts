import { fold } from '@/lib/ai/local/text';

/**
 * "Do you sell phone cases?", "Gibt es Rabatt für Studenten?": a question whether something
 * exists or is offered. Its answer must mention that very thing; a passage about the
 * neighbouring topic ("Alpenwave does not sell phones") does not answer it, so for these the
 * grounding check stays strict however confident retrieval is.
 */
const AVAILABILITY = [
  /^(do|does|can) (you|alpenwave|i get|i buy|i have)\b.+\b(sell|offer|have|provide|get|buy)\b/,
  /^(do|does) (you|alpenwave) (sell|offer|have|provide)\b/,
  /^(is|are) there (a|an|any)\b/,
  /^(gibt es|gibts|habt ihr|haben sie|bietet ihr|bieten sie|verkauft ihr|verkaufen sie)\b/,
  /^(y a-t-il|y a t il|il y a|avez-vous|avez vous|vous avez|vendez-vous|vendez vous|vous vendez|proposez-vous|vous proposez)\b/,
  /^(c'e|ce|ci sono|avete|vendete|offrite|esiste)\b/,
];

export function isAvailabilityQuestion(text: string): boolean {
  const t = fold(text).replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim();
  return AVAILABILITY.some((pattern) => pattern.test(t));
}

/**
 * "How do I restart my modem?", "my modem needs a restart, how?", "Wie ändere ich mein Abo?":
 * a question how to do something, which the help center answers — not a request to do it.
 */
const HOW_TO = [/^(how|wie|comment|come)\b/, /\b(how|wie|comment|come)( do i| can i| faccio| fare| geht das| faire)?\s*\?*$/];

export function isHowToQuestion(text: string): boolean {
  const t = fold(text).replace(/[’`]/g, "'").replace(/[^\p{L}\p{N}'? ]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return HOW_TO.some((pattern) => pattern.test(t));
}

/**
 * "Si je passe de TV Basic à TV Plus, j'ai les chaînes tout de suite ?", "If I switch to L today,
 * when do I get the data?": a question about what would follow a change, not a request to make it.
 */
const HYPOTHETICAL = /^(?:if|wenn|falls|si|s'il|se)\b.*\?\s*$/;

export function isHypotheticalQuestion(text: string): boolean {
  const t = fold(text).replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim();
  return HYPOTHETICAL.test(t);
}
