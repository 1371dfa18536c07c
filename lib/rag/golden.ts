import { featuresOf } from '@/lib/ai/local/embedding-model';
import { asTextLanguage, type TextLanguage } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { listGoldenAnswers } from '@/lib/db/queries/golden-answers';
import type { GoldenAnswerRow } from '@/lib/db/schema';

/**
 * Matches a customer question against the experts' golden questions. The score is the cosine
 * similarity of the two questions' features (stemmed words, word pairs, character n-grams — the
 * local embedding model's features, compared exactly rather than hashed), so reordered words,
 * inflections and small typos still match while a different question does not. Only golden
 * answers in the customer's language compete: the answer is returned verbatim.
 */

export type GoldenMatch = { golden: GoldenAnswerRow; score: number };

type Features = Map<string, number>;

function sublinear(weight: number): number {
  return weight <= 1 ? weight : 1 + Math.log(weight);
}

function norm(features: Features): number {
  let sum = 0;
  for (const w of features.values()) sum += sublinear(w) ** 2;
  return Math.sqrt(sum);
}

export function questionSimilarity(a: string, b: string, lang: TextLanguage | undefined): number {
  return cosine(featuresOf(a, lang), featuresOf(b, lang));
}

function cosine(a: Features, b: Features): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [key, w] of small) {
    const other = large.get(key);
    if (other !== undefined) dot += sublinear(w) * sublinear(other);
  }
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

/** The best-matching golden answer in this language, with its score (null when there is none). */
export async function bestGoldenMatch(db: Db, { question, lang }: { question: string; lang: string }): Promise<GoldenMatch | null> {
  const textLang = asTextLanguage(lang);
  const candidates = (await listGoldenAnswers(db)).filter((g) => g.lang === lang);
  const asked = featuresOf(question, textLang);
  let best: GoldenMatch | null = null;
  for (const golden of candidates) {
    const score = cosine(asked, featuresOf(golden.question, textLang));
    if (!best || score > best.score) best = { golden, score };
  }
  return best;
}
