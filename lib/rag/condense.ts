import { askedPart, contentTerms, fold, hasGluedPronoun, isAsking, isFunctionTerm, sentencesOf, tokenize, type TextLanguage } from '@/lib/ai/local/text';
import { isHowToQuestion } from './question-kind';

import type { Turn } from '@/lib/domain/chat';

export type { Turn };

// Openers that mark a message as leaning on the previous one, in our four languages.
const FOLLOW_UP_CUE = /^(?:and|what about|how about|what if|also|same|und|was ist mit|wie ist es mit|auch|et|qu'en est-il|pareil|aussi|e|anche|invece|lo stesso)(?=[\s,?!.]|$)/i;
// Words that point back at something said before ("does that cost anything?", "is it free?"). German
// "das" and "es" are left out: they are articles and filler ("wie geht das", "gibt es") as often.
const POINTS_BACK = /\b(?:it|that|this|those|them|there|then|dies|dafur|dann|ca|cela|celui|celle|ci|questo|quello|quella|li|lo)\b/;
// English "one" standing for a thing named before ("the newer one", "a new one", "the other one
// instead"): after a determiner, with no noun after it — not "one month", nor "the one I have".
const ONE_FOR_BEFORE = /\b(?:the|this|that|a|an)\s+(?:\p{L}+\s+)?one(?=\s*(?:[?!.,;]|$)|\s+(?:right|now|instead|too|please|then|again|as well|for me|from|with)\b)/iu;

// "the same thing", "au même endroit", "geht das gleich?", "allo stesso modo": asks what was
// asked before, of something else (another model, another person's line) — however long the message.
const SAME_AS_BEFORE = /\b(?:same|(?:le|la|les|au|aux|du|des) memes?|pareil|pareille|genauso|ebenso|gleiche[nmrs]?|gleich|(?:lo|la|gli|le|allo|alla|nello|nella|dello|della) stess[oaie]|uguale)\b/;

// "Can I pay by card instead?", "und stattdessen?", "à la place ?", "posso farlo invece?": a bare
// "instead" (no "of …" after it) stands for what was said before — the message asks for something
// other than the answer it just read, about the same thing, however many words it has.
const INSTEAD_OF_BEFORE = /\b(?:instead(?!\s+of\b)|stattdessen|statt dessen|a la place(?!\s+d)|invece(?!\s+(?:di|del|dello|della|dei|degli|delle|che)\b))\b/;

/** A folded message that asks about what was answered before, however long: the same of something else, or something instead. */
function asksAboutBefore(folded: string): boolean {
  return SAME_AS_BEFORE.test(folded) || INSTEAD_OF_BEFORE.test(folded);
}

const LANGUAGES: TextLanguage[] = ['en', 'de', 'fr', 'it'];

/**
 * How many words say what a message is about: not the words pointing back ("ça"), nor closed-class
 * words the stop lists lack ("tout", "avant") — "Il y a moyen de sauvegarder tout ça avant de faire
 * le reset ?" asks about two things, saving and the reset.
 */
function topicWordCount(text: string): number {
  return contentTerms(text.replace(ONE_FOR_BEFORE, (m) => m.replace(/one$/, '')), undefined).filter((t) => !POINTS_BACK.test(t) && !LANGUAGES.some((lang) => isFunctionTerm(t, lang))).length;
}

/** A folded text with a word pointing back ("that", "ça") or, in Italian, a pronoun glued to the verb ("cambiarla"). */
function pointsBack(folded: string): boolean {
  return POINTS_BACK.test(folded) || ONE_FOR_BEFORE.test(folded) || tokenize(folded).some(hasGluedPronoun);
}

/** Leading sentences that only acknowledge the answer before ("Great.", "Super merci.", "Ah ok."). */
const MAX_ACKNOWLEDGEMENT_WORDS = 4;

function withoutAcknowledgement(question: string): string {
  const sentences = sentencesOf(question);
  let start = 0;
  while (start < sentences.length - 1 && !isAsking(sentences[start]!) && tokenize(sentences[start]!).length <= MAX_ACKNOWLEDGEMENT_WORDS) start++;
  return sentences.slice(start).join(' ');
}

/**
 * Whether a follow-up is about the thing the answer before was about — it points back at it ("can
 * I make it stay on?") or asks the same of something else ("can she do the same on her Box 3?") —
 * rather than asking the question before of a new subject ("and the normal SIM?").
 */
export function refersBack(question: string): boolean {
  const folded = fold(withoutAcknowledgement(question.trim()));
  return pointsBack(folded) || asksAboutBefore(folded);
}

/**
 * Turns a follow-up into a standalone search query without a language model: when the message
 * opens like a follow-up ("and on the box 3?"), is a lone word, or is short and points back
 * ("does that cost anything?"), the customer's previous question (or the dialog's topic) is
 * prepended, the follow-up's words weighted twice, so retrieval sees the topic the follow-up refers to. Self-contained messages pass
 * through unchanged.
 */
export function condenseLocally(question: string, history: Turn[] = [], topic?: string): string {
  // The topic (the last standalone question answered) beats the last message: after a
  // clarification, the last message is "Box 5", the topic the question it answered.
  const previous = topic ?? [...history].reverse().find((t) => t.role === 'user')?.content;
  if (!previous) return question;
  // "Great. And on the Box 3?": the opener comes after the thanks.
  const asked = withoutAcknowledgement(question.trim());
  const terms = topicWordCount(asked);
  const folded = fold(asked);
  // "cambiarla", "metterne una": an Italian pronoun glued to the verb points back too.
  const back = pointsBack(folded);
  const opener = FOLLOW_UP_CUE.exec(asked);
  // "and how do I turn on two-factor?": after the opener, a how-to question that names its own
  // subject and points at nothing before is a new question ("and how do I turn it off?" is not).
  const ownHowTo = opener !== null && !back && terms >= 3 && isHowToQuestion(asked.slice(opener[0].length).replace(/^[\s,]+/, ''));
  // "My brother has a Box 3. Can he do that too?": after the story, the question itself points back.
  const asking = askedPart(asked);
  const asksBack = asking !== asked && topicWordCount(asking) <= 4 && pointsBack(fold(asking));
  const followsUp = (opener !== null && !ownHowTo) || terms <= 1 || (terms <= 4 && back) || asksBack || asksAboutBefore(folded);
  // The follow-up's own words count twice: they say what is asked now ("how do I turn it off?");
  // the topic only supplies the subject (roaming), and its question words ("how much") must not
  // outweigh them.
  return followsUp ? `${previous} ${question} ${question}` : question;
}
