import { sql } from 'drizzle-orm';
import { isQuestionFormWord } from '@/lib/ai/local/answer-kind';
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

const allowedEdits = (word: string) => (word.length >= 8 ? 2 : 1);

/**
 * At most this many unknown words are corrected per query, and their candidates come from one
 * lookup: a message of gibberish (up to the chat's 2,000 characters) would otherwise cost a
 * database query per word.
 */
export const MAX_CORRECTED_WORDS = 8;

/**
 * The corpus word a folded query word is a typo of, among candidates (corpus words as stored,
 * with their document counts): the closest within the allowed edits, the most frequent on ties;
 * none when the corpus has the word itself (with its accents: "redémarrer" for "redemarrer").
 */
export function bestCorrection(word: string, candidates: { word: string; ndoc: number }[]): string | undefined {
  if (candidates.some((c) => fold(c.word) === word)) return undefined;
  let best: { word: string; ndoc: number; distance: number } | undefined;
  for (const candidate of candidates) {
    const folded = fold(candidate.word);
    // A stop word ("die", "qui") says nothing a search could use: "dire" is not a typo of it.
    if (isStopword(folded)) continue;
    const distance = editDistance(word, folded, allowedEdits(word));
    if (distance > allowedEdits(word)) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate.ndoc > best.ndoc)) best = { word: folded, ndoc: candidate.ndoc, distance };
  }
  return best?.word;
}

export async function correctSpelling(db: Db, query: string): Promise<{ query: string; corrections: Record<string, string> }> {
  // Words of the question's form ("coûte", "combien") are not typos of topic words ("coûts").
  const words = [...new Set(tokenize(query))].filter((w) => w.length >= MIN_CORRECTED_LENGTH && !/\d/.test(w) && !isStopword(w) && !isQuestionFormWord(w));
  if (words.length === 0) return { query, corrections: {} };
  const known = new Set(
    (
      await queryRows<{ word: string }>(
        db,
        sql`select word from lexeme_stats where field = 'tsv_simple' and word in ${words}`,
      )
    ).map((r) => fold(r.word)),
  );
  const unknown = words.filter((w) => !known.has(w)).slice(0, MAX_CORRECTED_WORDS);
  if (unknown.length === 0) return { query, corrections: {} };

  const initials = [...new Set(unknown.map((w) => w[0]!))];
  const lengths = unknown.map((w) => w.length);
  const pool = await queryRows<{ word: string; ndoc: number }>(
    db,
    sql`select word, ndoc from lexeme_stats where field = 'tsv_simple' and left(word, 1) in ${initials}
        and length(word) between ${Math.min(...lengths) - 2} and ${Math.max(...lengths) + 2}`,
  );
  const corrections: Record<string, string> = {};
  for (const word of unknown) {
    // Same first letter, length within two: the candidates a single-word lookup would have returned.
    const correction = bestCorrection(word, pool.filter((c) => c.word[0] === word[0] && Math.abs(c.word.length - word.length) <= 2));
    if (correction) corrections[word] = correction;
  }
  if (Object.keys(corrections).length === 0) return { query, corrections };
  const corrected = query.replace(/[\p{L}\p{N}]+/gu, (token) => corrections[fold(token)] ?? token);
  return { query: corrected, corrections };
}
