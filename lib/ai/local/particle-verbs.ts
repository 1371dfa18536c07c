import { fold, isFunctionTerm, termOf, tokenize, type TextLanguage } from './text';

/**
 * English verbs whose particle changes what they mean: data "used up" is not data "used abroad",
 * a line "cut off" is not a "cut", "set up" is not "set". Stemmed and with the particle dropped as a
 * stop word, "when it's used up" matched every passage that uses "use" — the roaming section's
 * "Data used abroad" before the section headed "When the volume is used up". Read from any text,
 * question or passage alike, as "use up": a passage stating the verb with the particle the asking
 * sentence gives it is about what was asked (lib/ai/local/extractive-answer.ts). Any verb counts,
 * with these particles only: "in" and "on" are prepositions far more often ("use in Switzerland").
 */
const PARTICLES = new Set(['up', 'off', 'out', 'back', 'down', 'away', 'over']);
// "turn it off", "cut me off": a pronoun between verb and particle.
const OBJECT_PRONOUNS = new Set(['it', 'them', 'this', 'that', 'me', 'us', 'you', 'him', 'her']);

export function particleVerbs(text: string, lang: TextLanguage | undefined): Set<string> {
  const found = new Set<string>();
  if (lang !== 'en') return found;
  const words = tokenize(fold(text));
  words.forEach((word, i) => {
    if (word.length < 2 || /\d/.test(word) || isFunctionTerm(word, lang) || PARTICLES.has(word) || OBJECT_PRONOUNS.has(word)) return;
    const particle = OBJECT_PRONOUNS.has(words[i + 1] ?? '') ? words[i + 2] : words[i + 1];
    if (particle && PARTICLES.has(particle)) found.add(`${termOf(word, lang)} ${particle}`);
  });
  return found;
}
