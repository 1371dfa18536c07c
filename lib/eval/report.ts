/**
 * Plain-text tables for the evaluation CLI: one row per metric, one column per method or language.
 */
import type { Metrics } from './metrics';

export type MethodMetrics = { method: string; metrics: Metrics };

type Column = { header: string; metrics: Metrics };
type Row = { label: string; value: (m: Metrics) => number | null; decimals: number };

// Rates get 3 decimals, milliseconds 1; a mean rank gets 2 because it is neither.
const ROWS: Row[] = [
  { label: 'Hit@1', value: (m) => m.hitAt[1], decimals: 3 },
  { label: 'Hit@3', value: (m) => m.hitAt[3], decimals: 3 },
  { label: 'Hit@5', value: (m) => m.hitAt[5], decimals: 3 },
  { label: 'Hit@10', value: (m) => m.hitAt[10], decimals: 3 },
  { label: 'Recall@5', value: (m) => m.recallAt[5], decimals: 3 },
  { label: 'Recall@10', value: (m) => m.recallAt[10], decimals: 3 },
  { label: 'Recall@20', value: (m) => m.recallAt[20], decimals: 3 },
  { label: 'MRR@10', value: (m) => m.mrrAt10, decimals: 3 },
  { label: 'NDCG@10', value: (m) => m.ndcgAt10, decimals: 3 },
  { label: 'First rel. rank', value: (m) => m.meanFirstRelevantRank, decimals: 2 },
  { label: 'Found@any', value: (m) => m.foundAnywhere, decimals: 3 },
  { label: 'Abstain ok', value: (m) => m.abstention.correct, decimals: 3 },
  { label: 'False abstain', value: (m) => m.abstention.falseAbstentions, decimals: 3 },
  { label: 'p50 ms', value: (m) => m.latencyMs.p50, decimals: 1 },
  { label: 'p95 ms', value: (m) => m.latencyMs.p95, decimals: 1 },
];

const MISSING = '—';

// null means "not defined for this set"; NaN (latency of zero questions) means the same to a reader.
function formatValue(value: number | null, decimals: number): string {
  return value === null || !Number.isFinite(value) ? MISSING : value.toFixed(decimals);
}

/** Labels left-aligned, values right-aligned so decimal points line up; two spaces between columns. */
function renderTable(columns: Column[]): string {
  const header = ['Metric', ...columns.map((c) => c.header)];
  const body = ROWS.map((row) => [row.label, ...columns.map((c) => formatValue(row.value(c.metrics), row.decimals))]);
  const lines = [header, ...body];
  const widths = header.map((_, i) => Math.max(...lines.map((cells) => (cells[i] ?? '').length)));

  const render = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [render(header), rule, ...body.map(render)].join('\n').replace(/(?<! ) +$/gm, '');
}

export function formatComparison(rows: MethodMetrics[]): string {
  return renderTable(rows.map((r) => ({ header: r.method, metrics: r.metrics })));
}

/** Columns follow the key order of `byLanguage` (metricsByLanguage sorts them), after 'overall'. */
export function formatByLanguage(overall: Metrics, byLanguage: Record<string, Metrics>): string {
  return renderTable([
    { header: 'overall', metrics: overall },
    ...Object.entries(byLanguage).map(([lang, metrics]) => ({ header: lang, metrics })),
  ]);
}
