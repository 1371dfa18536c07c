import { wantedAnswerKinds } from './answer-kind';
import { fold, isAsking, sentencesOf, type TextLanguage } from './text';

/**
 * A message that asks two things ("can I keep my number and how long does it take?", "Bis wann
 * kann ich verschieben? Und was kostet es später?") is answered part by part: each part wants
 * its own kind of answer (a yes with its condition, then a duration) and may be answered by
 * another section. This splits the asking part of a message into its questions; a message that
 * asks one thing comes back whole.
 *
 * A part starts at a second question sentence, or where "and" / "und" / "et" / "e" (or a comma)
 * is followed by what opens a question: a question word, or a verb put first as questions do
 * ("do I", "kann ich", "est-ce", "posso"). "Internet und TV" or "pay and cancel" are not split:
 * a conjunction between nouns or verbs joins the topic, it does not start a question.
 */

/** Words that open a question wherever they stand after "and" or a comma: question words, and verbs that carry their subject. */
const QUESTION_WORDS: Record<TextLanguage, string[]> = {
  en: ['how', 'what', 'whats', 'when', 'where', 'which', 'who', 'why'],
  de: ['wie', 'was', 'wann', 'wo', 'wohin', 'welche', 'welcher', 'welches', 'welchen', 'wer', 'warum', 'wieso', 'weshalb', 'wieviel', 'gibts'],
  fr: ['ca', 'comment', 'combien', 'quand', 'quel', 'quelle', 'quels', 'quelles', 'pourquoi', 'est-ce', 'puis-je', 'dois-je', 'faut-il', 'peut-on', 'ai-je', 'y'],
  it: ['come', 'quanto', 'quanta', 'quanti', 'quante', 'quando', 'dove', 'quale', 'quali', 'perche', 'cosa', 'posso', 'possiamo', 'devo', 'dobbiamo', 'conviene', 'bisogna', 'serve', 'c'],
};

/** Verbs that open a question when their subject follows ("do I", "kann ich", "est-il"). */
const QUESTION_VERBS: Record<TextLanguage, string[]> = {
  en: ['is', 'are', 'was', 'will', 'would', 'can', 'could', 'do', 'does', 'did', 'should', 'shall', 'must', 'may', 'have', 'has', 'am'],
  de: ['kostet', 'kostets', 'kann', 'konnen', 'muss', 'mussen', 'darf', 'soll', 'gibt', 'ist', 'sind', 'bekomme', 'bekommt', 'habe', 'hat', 'werde', 'wird', 'brauche', 'geht', 'funktioniert'],
  fr: ['est', 'sont', 'peut', 'peux', 'dois', 'faut', 'puis', 'ai', 'va'],
  it: ['costa', 'costano', 'e', 'si', 'ci', 'posso', 'ho', 'viene', 'va', 'funziona'],
};

/** Who a question verb asks about: the subject that follows it. */
const SUBJECTS: Record<TextLanguage, string[]> = {
  en: ['i', 'you', 'we', 'it', 'there', 'my', 'the', 'this', 'that', 'they', 'he', 'she'],
  de: ['ich', 'wir', 'man', 'es', 'sie', 'das', 'er', 'die', 'der', 'mein', 'meine', 'dies', 'dann'],
  fr: ['il', 'elle', 'ce', 'ca', 'je', 'on', 'possible', 'gratuit', 'payant'],
  it: ['possibile', 'gratis', 'gratuito', 'necessario', 'io', 'anche', 'ancora', 'un', 'una', 'qualcosa'],
};

const CONJUNCTIONS: Record<TextLanguage, string[]> = { en: ['and', 'or'], de: ['und', 'oder'], fr: ['et', 'ou'], it: ['e', 'ed', 'o'] };

/**
 * The most questions one message is answered part by part: customers ask two or three at once.
 * A message of dozens ("A-1001? A-1001? …", up to the chat's 2,000 characters) is read as one —
 * answering each part would cost a whole answer per part.
 */
const MAX_PARTS = 4;
/** The fewest words a part must have to stand as a question of its own ("and?" does not). */
const MIN_PART_WORDS = 2;

type Token = { word: string; at: number };

/** A question starts at token i: a question word, or a question verb with its subject after it. */
function opensQuestion(tokens: Token[], i: number, lang: TextLanguage): boolean {
  const word = tokens[i]?.word;
  if (!word) return false;
  if (QUESTION_WORDS[lang].includes(word) || QUESTION_WORDS[lang].includes(word.split("'")[0]!)) return true;
  return QUESTION_VERBS[lang].includes(word) && SUBJECTS[lang].includes(tokens[i + 1]?.word ?? '');
}

/** Splits one sentence at "and + question opener" (or ", + opener"). */
function splitSentence(sentence: string, lang: TextLanguage): string[] {
  const conjunctions = new Set(CONJUNCTIONS[lang]);
  // Word tokens with their position in the sentence, so parts keep the customer's own spelling.
  const tokens: Token[] = [...sentence.matchAll(/[\p{L}\p{N}'’-]+/gu)].map((m) => ({ word: fold(m[0]).replace(/’/g, "'"), at: m.index! }));
  const cuts: number[] = [];
  for (let i = MIN_PART_WORDS; i < tokens.length - 1; i++) {
    const { word, at } = tokens[i]!;
    const afterComma = /,\s*$/.test(sentence.slice(tokens[i - 1]!.at, at));
    // "and how…", "und was…", "e quanto…"; "…, do I need…" after a comma.
    if (conjunctions.has(word) && opensQuestion(tokens, i + 1, lang)) cuts.push(at);
    else if (afterComma && !conjunctions.has(word) && opensQuestion(tokens, i, lang)) cuts.push(at);
  }
  if (cuts.length === 0) return [sentence];
  const parts: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(sentence.slice(from, cut));
    from = cut;
  }
  parts.push(sentence.slice(from));
  // A clause that asks nothing ("techniker kommt morgen, kann ich verschieben…", "if I cancel now,
  // how much…") is the next question's circumstance, not a question of its own.
  const merged: string[] = [];
  let pending = '';
  for (const [i, part] of parts.entries()) {
    const text = pending ? `${pending.trimEnd()} ${part.trimStart()}` : part;
    if (i < parts.length - 1 && !asksSomething(part, lang)) pending = text;
    else {
      merged.push(text);
      pending = '';
    }
  }
  return merged.map(trimSeparators).filter((p) => p.length > 0);
}

/** The part without the spaces, commas and semicolons around it (a loop: a regex here would backtrack on long runs). */
function trimSeparators(part: string): string {
  const separator = (c: string | undefined) => c === ' ' || c === ',' || c === ';' || (c !== undefined && /\s/.test(c));
  let start = 0;
  let end = part.length;
  while (start < end && separator(part[start])) start++;
  while (end > start && separator(part[end - 1])) end--;
  return part.slice(start, end);
}

/** A clause asks something when it opens as a question ("kann ich", "bis wann", "à quelle heure") or asks for a kind of answer. */
function asksSomething(clause: string, lang: TextLanguage): boolean {
  const tokens: Token[] = [...clause.matchAll(/[\p{L}\p{N}'’-]+/gu)].map((m) => ({ word: fold(m[0]).replace(/’/g, "'"), at: m.index! }));
  const start = CONJUNCTIONS[lang].includes(tokens[0]?.word ?? '') ? 1 : 0;
  return opensQuestion(tokens, start, lang) || opensQuestion(tokens, start + 1, lang) || wantedAnswerKinds(clause, lang).length > 0;
}

/** The questions a message asks, in order; the whole message when it asks one thing. */
export function questionParts(message: string, lang: TextLanguage): string[] {
  const sentences = sentencesOf(message);
  const asking = sentences.filter(isAsking);
  // Several sentences: the asking ones are the questions (the rest tells the story); one sentence, or none asking: the last.
  const questions = asking.length > 0 ? asking : sentences.slice(-1);
  const parts = questions.flatMap((s) => splitSentence(s, lang)).filter((p) => (p.match(/[\p{L}\p{N}]+/gu) ?? []).length >= MIN_PART_WORDS);
  return parts.length >= 2 && parts.length <= MAX_PARTS ? parts : [message];
}
