import { describe, expect, it } from 'vitest';
import type { Metrics } from './metrics';
import { formatByLanguage, formatComparison } from './report';

const LABELS = [
  'Hit@1',
  'Hit@3',
  'Hit@5',
  'Hit@10',
  'Recall@5',
  'Recall@10',
  'Recall@20',
  'MRR@10',
  'NDCG@10',
  'First rel. rank',
  'Found@any',
  'Abstain ok',
  'False abstain',
  'p50 ms',
  'p95 ms',
];

/** Distinct value per field so a row wired to the wrong field shows up. */
function metrics(overrides: Partial<Metrics> = {}): Metrics {
  return {
    questions: 10,
    answerable: 8,
    hitAt: { 1: 0.5, 3: 0.625, 5: 0.75, 10: 0.875 },
    recallAt: { 5: 0.41, 10: 0.52, 20: 0.63 },
    mrrAt10: 0.6,
    ndcgAt10: 0.55,
    meanFirstRelevantRank: 7 / 3,
    foundAnywhere: 0.9,
    abstention: { unanswerable: 2, correct: 0.5, falseAbstentions: 0.125 },
    latencyMs: { p50: 12.34, p95: 98.76, mean: 30 },
    ...overrides,
  };
}

/** Cells of one line; labels contain single spaces, columns are separated by at least two. */
function cells(line: string): string[] {
  return line.trim().split(/ {2,}/);
}

function rowOf(table: string, label: string): string[] {
  const line = table.split('\n').find((l) => l.startsWith(`${label} `));
  if (!line) throw new Error(`no row ${label}`);
  return cells(line);
}

describe('formatComparison', () => {
  const table = formatComparison([
    { method: 'bm25', metrics: metrics() },
    {
      method: 'hybrid-rrf-rerank',
      metrics: metrics({
        hitAt: { 1: 1, 3: 1, 5: 1, 10: 1 },
        meanFirstRelevantRank: null,
        abstention: { unanswerable: 0, correct: null, falseAbstentions: 0 },
      }),
    },
  ]);
  const lines = table.split('\n');

  it('has a header with the method names, a rule, then one row per metric in order', () => {
    expect(cells(lines[0] ?? '')).toEqual(['Metric', 'bm25', 'hybrid-rrf-rerank']);
    expect(lines[1]).toMatch(/^-+( {2}-+)+$/);
    expect(lines.slice(2).map((l) => cells(l)[0])).toEqual(LABELS);
  });

  it('formats rates with 3 decimals, ms with 1, the mean rank with 2 and null as an em dash', () => {
    expect(rowOf(table, 'Hit@1')).toEqual(['Hit@1', '0.500', '1.000']);
    expect(rowOf(table, 'Recall@20')).toEqual(['Recall@20', '0.630', '0.630']);
    expect(rowOf(table, 'MRR@10')).toEqual(['MRR@10', '0.600', '0.600']);
    expect(rowOf(table, 'NDCG@10')).toEqual(['NDCG@10', '0.550', '0.550']);
    expect(rowOf(table, 'First rel. rank')).toEqual(['First rel. rank', '2.33', '—']);
    expect(rowOf(table, 'Found@any')).toEqual(['Found@any', '0.900', '0.900']);
    expect(rowOf(table, 'Abstain ok')).toEqual(['Abstain ok', '0.500', '—']);
    expect(rowOf(table, 'False abstain')).toEqual(['False abstain', '0.125', '0.000']);
    expect(rowOf(table, 'p50 ms')).toEqual(['p50 ms', '12.3', '12.3']);
    expect(rowOf(table, 'p95 ms')).toEqual(['p95 ms', '98.8', '98.8']);
  });

  it('right-aligns every column to a common edge', () => {
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    // Right edge of each value column = where its header ends.
    const header = lines[0] ?? '';
    const edges = ['bm25', 'hybrid-rrf-rerank'].map((name) => header.indexOf(name) + name.length);
    for (const line of lines.slice(2)) {
      for (const edge of edges) {
        expect(line[edge - 1]).not.toBe(' ');
        expect(line[edge] ?? ' ').toBe(' ');
      }
    }
  });

  it('widens the label column to the longest label', () => {
    const labelWidth = 'First rel. rank'.length;
    expect(lines[0]?.slice(0, labelWidth + 2)).toBe('Metric'.padEnd(labelWidth + 2));
    expect(lines.find((l) => l.startsWith('Hit@1 '))?.slice(0, labelWidth + 2)).toBe('Hit@1'.padEnd(labelWidth + 2));
  });

  it('shows NaN latency (no questions) as an em dash', () => {
    const empty = formatComparison([{ method: 'm', metrics: metrics({ latencyMs: { p50: NaN, p95: NaN, mean: NaN } }) }]);
    expect(rowOf(empty, 'p50 ms')).toEqual(['p50 ms', '—']);
  });
});

describe('formatByLanguage', () => {
  it('puts overall first, then each language in the given order, with that language’s values', () => {
    const table = formatByLanguage(metrics(), {
      de: metrics({ mrrAt10: 0.25 }),
      en: metrics({ mrrAt10: 0.75 }),
    });
    expect(cells(table.split('\n')[0] ?? '')).toEqual(['Metric', 'overall', 'de', 'en']);
    expect(rowOf(table, 'MRR@10')).toEqual(['MRR@10', '0.600', '0.250', '0.750']);
    expect(table.split('\n').length).toBe(2 + LABELS.length);
  });
});
