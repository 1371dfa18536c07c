/**
 * Retrieval-evaluation metrics. Pure functions: results in, numbers out.
 *
 * Conventions:
 * - Ranking metrics (Hit, Recall, MRR, NDCG, Found@any) are averaged over answerable
 *   questions only; an unanswerable question has no relevant document to find.
 * - With zero answerable questions those rates are 0 (not NaN) so tables and JSON stay
 *   printable; `answerable: 0` in the result tells the reader they carry no signal.
 *   Metrics that are undefined rather than zero use null (first relevant rank, abstention rates).
 * - Latency over zero questions is NaN, matching `percentile([])`.
 */

export type QuestionResult = {
  id: string;
  lang?: string; // e.g. 'en' | 'de' | 'fr' | 'it' | undefined
  relevantIds: string[]; // gold document ids; empty means the question is unanswerable
  rankedIds: string[]; // retrieved document ids, best first
  abstained: boolean; // the system said "no answer" for this question
  latencyMs: number; // retrieval time for this question
};

export type Metrics = {
  questions: number;
  answerable: number;
  hitAt: Record<1 | 3 | 5 | 10, number>;
  recallAt: Record<5 | 10 | 20, number>;
  mrrAt10: number;
  ndcgAt10: number;
  meanFirstRelevantRank: number | null;
  foundAnywhere: number;
  abstention: { unanswerable: number; correct: number | null; falseAbstentions: number | null };
  latencyMs: { p50: number; p95: number; mean: number };
};

/** Nearest-rank percentile: the smallest value with at least p% of values at or below it. */
export function percentile(values: number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be in [0, 100], got ${p}`);
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // p = 0 would give rank 0; nearest-rank defines it as the minimum.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** Keeps the first occurrence so a repeated id cannot count twice or shift later ranks. */
function dedupe(ids: string[]): string[] {
  return [...new Set(ids)];
}

function mean(values: number[]): number {
  return values.length === 0 ? NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Mean that is 0 for no values: used for rates over answerable questions (see header). */
function rate(values: number[]): number {
  return values.length === 0 ? 0 : mean(values);
}

function nullableRate(values: number[]): number | null {
  return values.length === 0 ? null : mean(values);
}

type Scored = {
  firstRank: number | null; // 1-based rank of the first relevant id anywhere, null if none
  recallAt: (k: number) => number;
  ndcgAt10: number;
};

function scoreQuestion(relevantIds: string[], rankedIds: string[]): Scored {
  const relevant = new Set(relevantIds);
  const ranked = dedupe(rankedIds);
  const hits = ranked.map((id) => relevant.has(id));

  const firstIndex = hits.indexOf(true);
  const firstRank = firstIndex === -1 ? null : firstIndex + 1;

  const recallAt = (k: number) => hits.slice(0, k).filter(Boolean).length / relevant.size;

  // Binary relevance: gain 1 at 0-based position i is discounted by log2(i + 2).
  let dcg = 0;
  hits.slice(0, 10).forEach((hit, i) => {
    if (hit) dcg += 1 / Math.log2(i + 2);
  });
  let idcg = 0;
  for (let i = 0; i < Math.min(relevant.size, 10); i++) idcg += 1 / Math.log2(i + 2);

  return { firstRank, recallAt, ndcgAt10: dcg / idcg };
}

export function computeMetrics(results: QuestionResult[]): Metrics {
  const answerable = results.filter((r) => r.relevantIds.length > 0);
  const unanswerable = results.filter((r) => r.relevantIds.length === 0);
  const scored = answerable.map((r) => scoreQuestion(r.relevantIds, r.rankedIds));

  const hitAt = (k: number) => rate(scored.map((s) => (s.firstRank !== null && s.firstRank <= k ? 1 : 0)));
  const recallAt = (k: number) => rate(scored.map((s) => s.recallAt(k)));
  const foundRanks = scored.flatMap((s) => (s.firstRank === null ? [] : [s.firstRank]));
  const latencies = results.map((r) => r.latencyMs);

  return {
    questions: results.length,
    answerable: answerable.length,
    hitAt: { 1: hitAt(1), 3: hitAt(3), 5: hitAt(5), 10: hitAt(10) },
    recallAt: { 5: recallAt(5), 10: recallAt(10), 20: recallAt(20) },
    mrrAt10: rate(scored.map((s) => (s.firstRank !== null && s.firstRank <= 10 ? 1 / s.firstRank : 0))),
    ndcgAt10: rate(scored.map((s) => s.ndcgAt10)),
    meanFirstRelevantRank: foundRanks.length === 0 ? null : mean(foundRanks),
    foundAnywhere: rate(scored.map((s) => (s.firstRank === null ? 0 : 1))),
    abstention: {
      unanswerable: unanswerable.length,
      correct: nullableRate(unanswerable.map((r) => (r.abstained ? 1 : 0))),
      falseAbstentions: nullableRate(answerable.map((r) => (r.abstained ? 1 : 0))),
    },
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), mean: mean(latencies) },
  };
}

/** Overall metrics plus one Metrics per language; questions without a language go under 'unknown'. */
export function metricsByLanguage(results: QuestionResult[]): {
  overall: Metrics;
  byLanguage: Record<string, Metrics>;
} {
  const groups = new Map<string, QuestionResult[]>();
  for (const result of results) {
    const lang = result.lang || 'unknown';
    groups.set(lang, [...(groups.get(lang) ?? []), result]);
  }
  // Sorted keys so report columns come out in the same order on every run.
  const byLanguage: Record<string, Metrics> = {};
  for (const lang of [...groups.keys()].sort()) byLanguage[lang] = computeMetrics(groups.get(lang) ?? []);
  return { overall: computeMetrics(results), byLanguage };
}
