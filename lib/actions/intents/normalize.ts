import { fold, isAsking, sentencesOf } from '@/lib/ai/local/text';
import type { PreparedRequest, RecognizeContext } from './types';

/** English contractions, so "what's", "whats" and "what is" meet. */
const CONTRACTIONS: [RegExp, string][] = [
  [/\bwhat ?'? ?s\b/g, 'what is'],
  [/\bwhere ?'? ?s\b/g, 'where is'],
  [/\bhow ?'? ?s\b/g, 'how is'],
  [/\bcan ?'? ?t\b/g, 'cannot'],
  [/\bwon ?'? ?t\b/g, 'will not'],
  [/\b(do|does|did|is|are|was|were|could|would|should|have|has)n ?'? ?t\b/g, '$1 not'],
  // Only with the apostrophe: "im" is German.
  [/\bi'm\b/g, 'i am'],
  [/\bi'd\b/g, 'i would'],
  [/\bi'?ve\b/g, 'i have'],
  [/\bpls\b|\bplz\b/g, 'please'],
];

/** Folds and flattens a message: lower case, no diacritics, ß → ss, words separated by single spaces. */
export function normalizeText(text: string): string {
  let t = fold(text)
    .replace(/[’‘`´]/g, "'")
    .replace(/œ/g, 'oe') // "sœur", "œuvre": NFKD does not split ligatures
    .replace(/æ/g, 'ae');
  t = t.replace(/(\d)'(\d{3})\b/g, '$1$2'); // 1'000 → 1000
  for (const [pattern, replacement] of CONTRACTIONS) t = t.replace(pattern, replacement);
  return t
    .replace(/[^\p{L}\p{N}+@ ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const LEADING_FILLER =
  /^(hi|hello|hey|hallo|hoi|gruezi|gruessech|servus|guten (morgen|tag|abend)|bonjour|bonsoir|salut|coucou|ciao|buongiorno|buonasera|salve|ok|okay|so|also|alors|allora|ehm|um|yes|ja|oui|si|please|bitte|svp|stp|per favore|dear \w+|liebe[rs]? \w+|but|and|then|aber|und|dann|mais|et|donc|puis|pero|quindi)\b ?/;

function stripFillers(clause: string): string {
  let c = clause;
  for (let i = 0; i < 4; i++) {
    const next = c.replace(LEADING_FILLER, '');
    if (next === c) break;
    c = next;
  }
  return c;
}

/** Splits a message at . ! ? ; : , and line breaks, normalises each clause and drops greetings at its start. */
export function clausesOf(text: string): string[] {
  return text
    .split(/[.!?;:,\n]+|\s[-–—]\s/)
    .map((c) => stripFillers(normalizeText(c)))
    .filter((c) => c.length > 0);
}

/** A message's sentences: an account request is made in one ("…a speed test on my phone says 12 Mbit. What should I try first?" asks for no phone number). */
function requestSentences(text: string): { text: string; asks: boolean }[] {
  return sentencesOf(text)
    .map((s) => ({ text: normalizeText(s), asks: isAsking(s) }))
    .filter((s) => s.text.length > 0);
}

export function prepareRequest(raw: string, ctx: RecognizeContext): PreparedRequest {
  return { raw, text: normalizeText(raw), clauses: clausesOf(raw), sentences: requestSentences(raw), ctx };
}

/** Levenshtein distance, capped: enough to forgive one typo in a keyword. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}
