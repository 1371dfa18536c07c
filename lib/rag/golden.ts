import { featuresOf } from '@/lib/ai/local/embedding-model';
import { asTextLanguage, contentTerms, type TextLanguage } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { findDocumentsByIds } from '@/lib/db/queries/documents';
import { listGoldenAnswersIn } from '@/lib/db/queries/golden-answers';
import type { GoldenAnswerRow } from '@/lib/db/schema';
import { namedVersions } from './versions';

/**
 * Matches a customer question against the experts' golden questions. The score is the cosine
 * similarity of the two questions' features (stemmed words, word pairs, character n-grams — the
 * local embedding model's features, compared exactly rather than hashed), so reordered words,
 * inflections and small typos still match while a different question does not. Only golden
 * answers in the customer's language compete: the answer is returned verbatim.
 *
 * Two rules keep a verbatim answer to the question that was really asked:
 * - a golden answer about one product version (its question names it, or all its sources are about
 *   it) only answers questions about that version, never a question that names another or none;
 * - the asked question must contain most of the golden question's own words beyond the version
 *   ("Box 5" alone is not "How do I restart my Box 5?", however similar their features).
 */

export type GoldenMatch = {
  golden: GoldenAnswerRow;
  score: number;
  /** The version the golden answer is about, if any. */
  version: string | null;
  /** Share of the golden question's distinctive words the asked question contains. */
  coverage: number;
  /** Why it may not be given verbatim (null: it may). */
  barred: 'other_version' | 'version_unknown' | 'fragment' | null;
  /** Its public source articles, in the golden answer's order (for the citations). */
  sources: { id: string; slug: string; title: string }[];
};

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

function trigrams(word: string): Set<string> {
  const padded = ` ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** The same word, or one a typo away ("restrat" for "restart"). */
function similarWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 4) return false;
  const ga = trigrams(a);
  const gb = trigrams(b);
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / Math.max(ga.size, gb.size) >= 0.4;
}

/** Share of the golden question's words, version names left out, that the asked question has. */
export function goldenCoverage(asked: string, goldenQuestion: string, lang: TextLanguage | undefined, versionWords: Set<string>): number {
  const wanted = [...new Set(contentTerms(goldenQuestion, lang))].filter((t) => !versionWords.has(t));
  if (wanted.length === 0) return 1;
  const have = contentTerms(asked, lang);
  return wanted.filter((t) => have.some((h) => similarWord(h, t))).length / wanted.length;
}

/** Words that only name a version ("box", "5" of box5), which say nothing about what is asked. */
function versionWordsOf(versions: string[]): Set<string> {
  return new Set(versions.flatMap((v) => contentTerms(v.replace(/(\D)(\d)/g, '$1 $2'), undefined)));
}

const MIN_COVERAGE = 0.5;

/**
 * The best golden answer in this language that may answer this question verbatim, else the best
 * one at all (with the reason it may not), else null. `version` is the version the question is
 * about (named, or chosen in the dialog); `versions` are the versions the corpus distinguishes.
 */
export async function bestGoldenMatch(
  db: Db,
  {
    question,
    lang,
    version = null,
    versions = [],
    requireCoverage = true,
    minScore = 0,
  }: { question: string; lang: string; version?: string | null; versions?: string[]; requireCoverage?: boolean; minScore?: number },
): Promise<GoldenMatch | null> {
  const textLang = asTextLanguage(lang);
  const candidates = await listGoldenAnswersIn(db, lang);
  if (candidates.length === 0) return null;
  const asked = featuresOf(question, textLang);
  const scored = candidates.map((golden) => ({ golden, score: cosine(asked, featuresOf(golden.question, textLang)) })).sort((a, b) => b.score - a.score);
  // Only candidates that could be used at all are checked against versions and words (the
  // source documents' versions cost a query); the rest can only be reported as the best miss.
  const contenders = scored.filter((c) => c.score >= minScore);
  if (contenders.length === 0) return { ...scored[0]!, version: null, coverage: 0, barred: null, sources: [] };
  const sources = await findDocumentsByIds(db, { ids: [...new Set(contenders.flatMap((c) => c.golden.sourceIds))], includeInternal: true });
  const sourceVersion = new Map(sources.map((d) => [d.id, d.version]));
  const publicSource = new Map(sources.filter((d) => d.audience === 'public').map((d) => [d.id, { id: d.id, slug: d.slug, title: d.title }]));
  const versionWords = versionWordsOf(versions);
  const judged = contenders.map(({ golden, score }): GoldenMatch => {
    const named = namedVersions(golden.question, versions);
    const fromSources = [...new Set(golden.sourceIds.map((id) => sourceVersion.get(id) ?? null))];
    const goldenVersion = named.length === 1 ? named[0]! : named.length === 0 && fromSources.length === 1 ? fromSources[0]! : null;
    const coverage = goldenCoverage(question, golden.question, textLang, versionWords);
    const barred: GoldenMatch['barred'] =
      goldenVersion && version && goldenVersion !== version
        ? 'other_version'
        : goldenVersion && !version
          ? 'version_unknown'
          : requireCoverage && coverage < MIN_COVERAGE
            ? 'fragment'
            : null;
    return { golden, score, version: goldenVersion, coverage, barred, sources: golden.sourceIds.flatMap((id) => publicSource.get(id) ?? []) };
  });
  return judged.find((m) => !m.barred) ?? judged[0]!;
}
