import { describe, expect, it } from 'vitest';
import { computeMetrics, metricsByLanguage, percentile, type QuestionResult } from './metrics';

let nextId = 0;
function q(overrides: Partial<QuestionResult>): QuestionResult {
  nextId += 1;
  return { id: `q${nextId}`, relevantIds: [], rankedIds: [], abstained: false, latencyMs: 0, ...overrides };
}

/** Ranked list of `length` filler ids with 'gold' placed at the given 1-based rank. */
function withGoldAt(rank: number, length = Math.max(rank, 20)): string[] {
  return Array.from({ length }, (_, i) => (i + 1 === rank ? 'gold' : `other${i + 1}`));
}

describe('percentile', () => {
  const oneToTen = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  it('uses nearest rank on the sorted values', () => {
    expect(percentile(oneToTen, 50)).toBe(5);
    expect(percentile(oneToTen, 95)).toBe(10);
    expect(percentile(oneToTen, 10)).toBe(1);
    expect(percentile(oneToTen, 11)).toBe(2);
    expect(percentile(oneToTen, 100)).toBe(10);
    expect(percentile(oneToTen, 0)).toBe(1);
  });

  it('sorts numerically without mutating the input', () => {
    const values = [10, 9, 100, 1];
    expect(percentile(values, 50)).toBe(9);
    expect(percentile(values, 75)).toBe(10);
    expect(values).toEqual([10, 9, 100, 1]);
  });

  it('returns NaN for no values and rejects p outside [0, 100]', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], NaN)).toThrow(RangeError);
  });
});

describe('computeMetrics: rank boundaries', () => {
  it.each([
    { rank: 1, hit: { 1: 1, 3: 1, 5: 1, 10: 1 } },
    { rank: 3, hit: { 1: 0, 3: 1, 5: 1, 10: 1 } },
    { rank: 4, hit: { 1: 0, 3: 0, 5: 1, 10: 1 } },
    { rank: 5, hit: { 1: 0, 3: 0, 5: 1, 10: 1 } },
    { rank: 6, hit: { 1: 0, 3: 0, 5: 0, 10: 1 } },
    { rank: 10, hit: { 1: 0, 3: 0, 5: 0, 10: 1 } },
    { rank: 11, hit: { 1: 0, 3: 0, 5: 0, 10: 0 } },
  ])('counts a hit at k exactly when the first relevant is at rank <= k (rank $rank)', ({ rank, hit }) => {
    const m = computeMetrics([q({ relevantIds: ['gold'], rankedIds: withGoldAt(rank) })]);
    expect(m.hitAt).toEqual(hit);
    expect(m.foundAnywhere).toBe(1);
    expect(m.meanFirstRelevantRank).toBe(rank);
  });

  it('gives MRR 1/3 for the first relevant at rank 3, and 0 beyond rank 10', () => {
    expect(computeMetrics([q({ relevantIds: ['gold'], rankedIds: withGoldAt(3) })]).mrrAt10).toBeCloseTo(1 / 3, 12);
    expect(computeMetrics([q({ relevantIds: ['gold'], rankedIds: withGoldAt(10) })]).mrrAt10).toBeCloseTo(0.1, 12);
    expect(computeMetrics([q({ relevantIds: ['gold'], rankedIds: withGoldAt(11) })]).mrrAt10).toBe(0);
  });

  it('uses the first relevant id for MRR, not a later one', () => {
    const m = computeMetrics([q({ relevantIds: ['a', 'b'], rankedIds: ['x', 'b', 'a'] })]);
    expect(m.mrrAt10).toBe(0.5);
    expect(m.meanFirstRelevantRank).toBe(2);
  });

  it('averages MRR and hit rates across answerable questions', () => {
    const m = computeMetrics([
      q({ relevantIds: ['gold'], rankedIds: withGoldAt(1) }),
      q({ relevantIds: ['gold'], rankedIds: withGoldAt(3) }),
      q({ relevantIds: ['gold'], rankedIds: ['x', 'y'] }),
      q({ relevantIds: ['gold'], rankedIds: withGoldAt(4) }),
    ]);
    expect(m.mrrAt10).toBeCloseTo((1 + 1 / 3 + 0 + 1 / 4) / 4, 12);
    expect(m.hitAt[1]).toBe(0.25);
    expect(m.hitAt[3]).toBe(0.5);
    expect(m.hitAt[5]).toBe(0.75);
    expect(m.foundAnywhere).toBe(0.75);
  });
});

describe('computeMetrics: recall', () => {
  it('counts 2 of 3 relevant in the top 5 as 2/3, and the third once it enters the cut-off', () => {
    const m = computeMetrics([q({ relevantIds: ['a', 'b', 'c'], rankedIds: ['x', 'a', 'y', 'b', 'z', 'w', 'v', 'u', 't', 's', 's2', 'c'] })]);
    expect(m.recallAt[5]).toBeCloseTo(2 / 3, 12);
    expect(m.recallAt[10]).toBeCloseTo(2 / 3, 12);
    expect(m.recallAt[20]).toBe(1);
  });

  it('averages per-question recall rather than pooling relevant ids', () => {
    // Per question: 1/1 and 1/4 -> mean 0.625. Pooling would give 2/5 = 0.4.
    const m = computeMetrics([
      q({ relevantIds: ['a'], rankedIds: ['a'] }),
      q({ relevantIds: ['a', 'b', 'c', 'd'], rankedIds: ['a'] }),
    ]);
    expect(m.recallAt[5]).toBe(0.625);
  });
});

describe('computeMetrics: NDCG@10', () => {
  it('scores 2 relevant at ranks 1 and 3 as (1 + 1/log2 4) / (1 + 1/log2 3)', () => {
    const m = computeMetrics([q({ relevantIds: ['a', 'b'], rankedIds: ['a', 'x', 'b', 'y'] })]);
    expect(m.ndcgAt10).toBeCloseTo((1 + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3)), 12);
  });

  it('is 1 for a perfect ranking and 1/log2(3) for a single relevant at rank 2', () => {
    expect(computeMetrics([q({ relevantIds: ['a', 'b'], rankedIds: ['b', 'a'] })]).ndcgAt10).toBeCloseTo(1, 12);
    expect(computeMetrics([q({ relevantIds: ['a'], rankedIds: ['x', 'a'] })]).ndcgAt10).toBeCloseTo(1 / Math.log2(3), 12);
  });

  it('caps the ideal DCG at 10 relevant documents', () => {
    const relevant = Array.from({ length: 15 }, (_, i) => `r${i}`);
    // Ten relevant in the top 10 is the best possible @10, even with 15 relevant overall.
    expect(computeMetrics([q({ relevantIds: relevant, rankedIds: relevant })]).ndcgAt10).toBeCloseTo(1, 12);
    let idealDcg = 0;
    for (let rank = 1; rank <= 10; rank++) idealDcg += 1 / Math.log2(rank + 1);
    expect(computeMetrics([q({ relevantIds: relevant, rankedIds: ['r0'] })]).ndcgAt10).toBeCloseTo(1 / idealDcg, 12);
  });

  it('ignores relevant ids ranked below 10', () => {
    expect(computeMetrics([q({ relevantIds: ['gold'], rankedIds: withGoldAt(11) })]).ndcgAt10).toBe(0);
  });
});

describe('computeMetrics: duplicates', () => {
  it('keeps the first occurrence of a repeated ranked id, so later ranks do not shift', () => {
    const m = computeMetrics([q({ relevantIds: ['b'], rankedIds: ['a', 'a', 'a', 'b'] })]);
    expect(m.meanFirstRelevantRank).toBe(2);
    expect(m.mrrAt10).toBe(0.5);
    expect(m.hitAt[3]).toBe(1);
  });

  it('does not count a repeated relevant ranked id twice', () => {
    const m = computeMetrics([q({ relevantIds: ['a', 'b'], rankedIds: ['a', 'a', 'x'] })]);
    expect(m.recallAt[5]).toBe(0.5);
    expect(m.ndcgAt10).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 12);
  });

  it('does not count a repeated gold id twice', () => {
    const m = computeMetrics([q({ relevantIds: ['a', 'a'], rankedIds: ['a'] })]);
    expect(m.recallAt[5]).toBe(1);
    expect(m.ndcgAt10).toBeCloseTo(1, 12);
  });
});

describe('computeMetrics: unanswerable questions and abstention', () => {
  const results = [
    q({ relevantIds: ['gold'], rankedIds: ['gold'], abstained: false }),
    q({ relevantIds: ['gold'], rankedIds: ['x', 'gold'], abstained: true }),
    q({ relevantIds: [], rankedIds: ['gold', 'x'], abstained: true }),
    q({ relevantIds: [], rankedIds: ['y'], abstained: true }),
    q({ relevantIds: [], rankedIds: [], abstained: false }),
  ];

  it('counts questions, answerable and unanswerable separately', () => {
    const m = computeMetrics(results);
    expect(m.questions).toBe(5);
    expect(m.answerable).toBe(2);
    expect(m.abstention.unanswerable).toBe(3);
  });

  it('rates abstention on unanswerable and false abstention on answerable questions', () => {
    const m = computeMetrics(results);
    expect(m.abstention.correct).toBeCloseTo(2 / 3, 12);
    expect(m.abstention.falseAbstentions).toBe(0.5);
  });

  it('leaves unanswerable questions out of the ranking metrics', () => {
    const m = computeMetrics(results);
    expect(m.hitAt[1]).toBe(0.5);
    expect(m.mrrAt10).toBe(0.75);
    expect(m.foundAnywhere).toBe(1);
  });

  it('reports rates as 0 and undefined values as null when nothing is answerable', () => {
    const m = computeMetrics([q({ relevantIds: [], rankedIds: ['a'], abstained: true })]);
    expect(m.answerable).toBe(0);
    expect(m.hitAt).toEqual({ 1: 0, 3: 0, 5: 0, 10: 0 });
    expect(m.recallAt).toEqual({ 5: 0, 10: 0, 20: 0 });
    expect(m.mrrAt10).toBe(0);
    expect(m.ndcgAt10).toBe(0);
    expect(m.foundAnywhere).toBe(0);
    expect(m.meanFirstRelevantRank).toBeNull();
    expect(m.abstention).toEqual({ unanswerable: 1, correct: 1, falseAbstentions: null });
  });

  it('reports correct abstention as null when every question is answerable', () => {
    const m = computeMetrics([q({ relevantIds: ['a'], rankedIds: ['a'] })]);
    expect(m.abstention).toEqual({ unanswerable: 0, correct: null, falseAbstentions: 0 });
  });
});

describe('computeMetrics: first relevant rank and latency', () => {
  it('averages the first relevant rank only over questions where one was found', () => {
    const m = computeMetrics([
      q({ relevantIds: ['gold'], rankedIds: withGoldAt(2) }),
      q({ relevantIds: ['gold'], rankedIds: withGoldAt(12) }),
      q({ relevantIds: ['gold'], rankedIds: ['x'] }),
    ]);
    expect(m.meanFirstRelevantRank).toBe(7);
    expect(m.foundAnywhere).toBeCloseTo(2 / 3, 12);
  });

  it('summarises latency over all questions, answerable or not', () => {
    const m = computeMetrics([
      q({ relevantIds: ['a'], latencyMs: 40 }),
      q({ relevantIds: [], latencyMs: 10 }),
      q({ relevantIds: ['a'], latencyMs: 30 }),
      q({ relevantIds: [], latencyMs: 20 }),
    ]);
    expect(m.latencyMs).toEqual({ p50: 20, p95: 40, mean: 25 });
  });

  it('returns NaN latency and zero counts for no questions', () => {
    const m = computeMetrics([]);
    expect(m.questions).toBe(0);
    expect(m.latencyMs.p50).toBeNaN();
    expect(m.latencyMs.mean).toBeNaN();
  });
});

describe('metricsByLanguage', () => {
  const results = [
    q({ lang: 'en', relevantIds: ['a'], rankedIds: ['a'] }),
    q({ lang: 'en', relevantIds: ['a'], rankedIds: ['x'] }),
    q({ lang: 'de', relevantIds: ['a'], rankedIds: ['x', 'x2', 'a'] }),
    q({ relevantIds: [], abstained: true }),
  ];

  it('groups by language, puts questions without one under "unknown", and sorts the keys', () => {
    const { byLanguage } = metricsByLanguage(results);
    expect(Object.keys(byLanguage)).toEqual(['de', 'en', 'unknown']);
    expect(byLanguage.en?.questions).toBe(2);
    expect(byLanguage.en?.hitAt[1]).toBe(0.5);
    expect(byLanguage.de?.mrrAt10).toBeCloseTo(1 / 3, 12);
    expect(byLanguage.unknown?.abstention).toEqual({ unanswerable: 1, correct: 1, falseAbstentions: null });
  });

  it('computes overall metrics over every question', () => {
    const { overall } = metricsByLanguage(results);
    expect(overall).toEqual(computeMetrics(results));
    expect(overall.questions).toBe(4);
    expect(overall.mrrAt10).toBeCloseTo((1 + 0 + 1 / 3) / 3, 12);
  });
});
