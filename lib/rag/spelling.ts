import { sql } from 'drizzle-orm';
import { isQuestionFormWord } from '@/lib/ai/local/answer-kind';
import { courtesyWords } from '@/lib/ai/local/filler-words';
import { fold, isStopword, tokenize } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';

/**
 * Query-side spelling correction against the corpus's own vocabulary (lexeme_stats for the
 * `simple` column holds every word the indexed passages contain). A query word the corpus lacks
 * is replaced by the most frequent corpus word within one edit (two for long words) that starts
 * with the same letter: "voicmail" → "voicemail", "pasword" → "password". Words the corpus has
 * are never touched, so correct queries pass through unchanged.
 */

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), capped. */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > cap) return cap + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Shorter words are left as typed: a four-letter word has a neighbour one edit away in almost
 * any vocabulary ("dire" → "dure", "veut" → "vert"), and common words of the question's own
 * language are missing from a help center's vocabulary far more often than they are misspelt.
 */
const MIN_CORRECTED_LENGTH = 5;
/** Shorter words are only joined to the corpus's hyphenated spelling of them ("wifi" is "Wi-Fi"). */
const MIN_JOINED_LENGTH = 4;

/**
 * Two edits only for a long word — measured by its stem in the question's language when known: an
 * ending is no place for a typo to hide, and "crawling" (stem "crawl") is a real word two edits
 * from "calling", not a typo of it. "firmwear" (stem "firmwear") is still "firmware".
 */
const allowedEdits = (stemmed: string) => (stemmed.length >= 8 ? 2 : 1);

/**
 * A word a large help center uses only once or twice is weak evidence of a typo: a word one
 * edit from it is more often a real word the corpus lacks ("stock" is not "stick", "Mitten" not
 * "Mieten"). Typos are of the words it uses often. (In a small help center every word is rare:
 * the bar rises with its size, to three passages from 1,500 on.)
 */
const MIN_CORRECTION_DOCS = 3;
const MIN_CORRECTION_SHARE = 0.002;

export function minCorrectionDocs(chunks: number): number {
  return Math.max(1, Math.min(MIN_CORRECTION_DOCS, Math.ceil(chunks * MIN_CORRECTION_SHARE)));
}

/**
 * At most this many unknown words are corrected per query, and their candidates come from one
 * lookup: a message of gibberish (up to the chat's 2,000 characters) would otherwise cost a
 * database query per word.
 */
export const MAX_CORRECTED_WORDS = 8;

/** The corpus's hyphenated spelling of a word typed without hyphens ("wifi" → "wi-fi", "roamingkosten" → "roaming-kosten"). */
function hyphenatedForm(word: string, candidates: { word: string }[]): string | undefined {
  const found = candidates.find((c) => c.word.includes('-') && fold(c.word).replace(/-/g, '') === word);
  return found ? fold(found.word) : undefined;
}

/**
 * The corpus word a folded query word is a typo of, among candidates (corpus words as stored,
 * with their document counts): the closest within the allowed edits, the most frequent on ties;
 * none when the corpus has the word itself (with its accents: "redémarrer" for "redemarrer").
 * The same word with hyphens is no typo: it is taken however rarely the corpus uses it.
 */
export function bestCorrection(word: string, candidates: { word: string; ndoc: number }[], minDocs = MIN_CORRECTION_DOCS, maxEdits = allowedEdits(word)): string | undefined {
  if (candidates.some((c) => fold(c.word) === word)) return undefined;
  const hyphenated = hyphenatedForm(word, candidates);
  if (hyphenated) return hyphenated;
  let best: { word: string; ndoc: number; distance: number } | undefined;
  for (const candidate of candidates) {
    const folded = fold(candidate.word);
    // A stop word ("die", "qui") says nothing a search could use: "dire" is not a typo of it.
    if (isStopword(folded) || candidate.ndoc < minDocs) continue;
    const distance = editDistance(word, folded, maxEdits);
    if (distance > maxEdits) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate.ndoc > best.ndoc)) best = { word: folded, ndoc: candidate.ndoc, distance };
  }
  return best?.word;
}

/**
 * What the articles in the question's language use. A word of that language the corpus has
 * in another form ("charger" where articles say "charge") is not a typo, and a typo is one of a
 * word of that language: a German "übers" is not the English "users", "halbe" not "halve".
 */
export type LanguageVocabulary = {
  /** Whether articles in the language use a word of this (folded) word's stem. */
  hasStem(word: string): boolean;
  /** Whether articles in the language use this folded word. */
  uses(word: string): boolean;
  /** The folded word's stem in the language. */
  stem(word: string): string;
};

/**
 * The corpus's words (lexeme_stats, `simple` column, as stored: lower case, accents kept): from
 * memory when the term statistics are loaded (lib/rag/term-stats.ts, the chat's path), else read
 * for the query being corrected.
 */
export type CorpusWords = {
  /** Whether some chunk contains exactly this word. */
  has(word: string): boolean;
  /** The words starting with one of these characters, of a length in [shortest, longest], with their chunk counts. */
  candidates(initials: string[], shortest: number, longest: number): { word: string; ndoc: number }[];
  /** How many chunks there are. */
  chunks: number;
};

async function readWords(db: Db, words: string[]): Promise<Pick<CorpusWords, 'has'> & { near(initials: string[], shortest: number, longest: number): Promise<Pick<CorpusWords, 'candidates' | 'chunks'>> }> {
  const known = new Set(
    (await queryRows<{ word: string }>(db, sql`select word from lexeme_stats where field = 'tsv_simple' and word in ${words}`)).map((r) => r.word),
  );
  return {
    has: (word) => known.has(word),
    near: async (initials, shortest, longest) => {
      // The row for '' holds the number of passages.
      const rows = await queryRows<{ word: string; ndoc: number }>(
        db,
        sql`select word, ndoc from lexeme_stats where field = 'tsv_simple' and (word = '' or (left(word, 1) in ${initials}
            and length(word) between ${shortest} and ${longest}))`,
      );
      const pool = rows.filter((r) => r.word !== '').map((r) => ({ word: r.word, ndoc: Number(r.ndoc) }));
      return { candidates: () => pool, chunks: Number(rows.find((r) => r.word === '')?.ndoc ?? 0) };
    },
  };
}

export async function correctSpelling(
  db: Db,
  query: string,
  vocabulary?: LanguageVocabulary,
  lexicon?: CorpusWords,
): Promise<{ query: string; corrections: Record<string, string> }> {
  // Words of the question's form ("coûte", "combien") are not typos of topic words ("coûts"), nor
  // are its salutation's ("Sehr geehrte Damen" is no "Daten").
  const courtesy = new Set(courtesyWords(query));
  const words = [...new Set(tokenize(query))].filter(
    (w) => w.length >= MIN_JOINED_LENGTH && !/\d/.test(w) && !isStopword(w) && !isQuestionFormWord(w) && !courtesy.has(w) && !vocabulary?.hasStem(w),
  );
  if (words.length === 0) return { query, corrections: {} };
  const read = lexicon ? null : await readWords(db, words);
  const unknown = words.filter((w) => !(lexicon ?? read!).has(w)).slice(0, MAX_CORRECTED_WORDS);
  if (unknown.length === 0) return { query, corrections: {} };

  const initials = [...new Set(unknown.map((w) => w[0]!))];
  const lengths = unknown.map((w) => w.length);
  const [shortest, longest] = [Math.min(...lengths) - 2, Math.max(...lengths) + 2];
  const near = lexicon ?? (await read!.near(initials, shortest, longest));
  const minDocs = minCorrectionDocs(near.chunks);
  const pool = near.candidates(initials, shortest, longest);
  const corrections: Record<string, string> = {};
  for (const word of unknown) {
    // Same first letter, length within two: the candidates a single-word lookup would have returned.
    const near = pool.filter((c) => c.word[0] === word[0] && Math.abs(c.word.length - word.length) <= 2);
    // The word itself, in any language, stays a candidate: a word the corpus has is never corrected.
    const candidates = vocabulary ? near.filter((c) => fold(c.word) === word || vocabulary.uses(fold(c.word))) : near;
    const correction =
      word.length >= MIN_CORRECTED_LENGTH ? bestCorrection(word, candidates, minDocs, allowedEdits(vocabulary ? vocabulary.stem(word) : word)) : hyphenatedForm(word, candidates);
    if (correction) corrections[word] = correction;
  }
  if (Object.keys(corrections).length === 0) return { query, corrections };
  const corrected = query.replace(/[\p{L}\p{N}]+/gu, (token) => corrections[fold(token)] ?? token);
  return { query: corrected, corrections };
}
