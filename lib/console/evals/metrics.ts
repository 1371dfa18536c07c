/**
 * Which figures of a stored run the console charts, and how to read them out of eval_runs.metrics
 * (the shapes scripts/eval.ts and lib/console/evals/run.ts store). Pure: safe for the browser.
 */

export type MetricFormat = 'rate' | 'score' | 'ms';
export type MetricDef = { key: string; label: string; format: MetricFormat; higherIsBetter: boolean; read: (m: unknown) => number | null };
export type ChartedKind = 'retrieval' | 'answers' | 'actions' | 'dialogs';

function at(value: unknown, ...path: (string | number)[]): number | null {
  let v: unknown = value;
  for (const key of path) {
    if (!v || typeof v !== 'object') return null;
    v = (v as Record<string, unknown>)[String(key)];
  }
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export const METRICS: Record<ChartedKind, MetricDef[]> = {
  retrieval: [
    { key: 'mrrAt10', label: 'MRR@10', format: 'score', higherIsBetter: true, read: (m) => at(m, 'mrrAt10') },
    { key: 'hitAt1', label: 'Hit@1', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'hitAt', 1) },
    { key: 'hitAt5', label: 'Hit@5', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'hitAt', 5) },
    { key: 'recallAt10', label: 'Recall@10', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'recallAt', 10) },
    { key: 'ndcgAt10', label: 'NDCG@10', format: 'score', higherIsBetter: true, read: (m) => at(m, 'ndcgAt10') },
    { key: 'abstentionCorrect', label: 'Unanswerable: abstained', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'abstention', 'correct') },
    { key: 'latencyP95', label: 'Latency p95', format: 'ms', higherIsBetter: false, read: (m) => at(m, 'latencyMs', 'p95') },
  ],
  answers: [
    { key: 'keyFactAccuracy', label: 'Key-fact accuracy', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'keyFactAccuracy') },
    { key: 'confidentlyWrong', label: 'Confidently wrong (no fact stated)', format: 'rate', higherIsBetter: false, read: (m) => at(m, 'confidentlyWrong') },
    { key: 'citationMatch', label: 'Citation match', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'citationMatch') },
    { key: 'languageMatch', label: 'Answer language matches', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'languageMatch') },
    { key: 'citationValidity', label: 'Citation validity', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'citationValidity') },
    { key: 'abstentionCorrect', label: 'Unanswerable declined', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'abstentionCorrect') },
    { key: 'falseAbstention', label: 'Answerable declined', format: 'rate', higherIsBetter: false, read: (m) => at(m, 'falseAbstention') },
    { key: 'tokenOverlapF1', label: 'Token F1 vs expert', format: 'score', higherIsBetter: true, read: (m) => at(m, 'tokenOverlapF1') },
  ],
  dialogs: [
    { key: 'lastTurn', label: 'Last turn passes', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'lastTurn', 'rate') },
    { key: 'allTurns', label: 'Every turn passes', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'allTurns', 'rate') },
  ],
  actions: [
    { key: 'toolSelection', label: 'Tool selection', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'toolSelection') },
    { key: 'argumentAccuracy', label: 'Arguments', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'argumentAccuracy') },
    { key: 'correctRefusalRate', label: 'Correct refusals', format: 'rate', higherIsBetter: true, read: (m) => at(m, 'correctRefusalRate') },
  ],
};

export function formatMetric(value: number | null | undefined, format: MetricFormat): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (format === 'rate') return `${(value * 100).toFixed(1)} %`;
  if (format === 'ms') return `${value.toFixed(1)} ms`;
  return value.toFixed(3);
}

/** One point per run: the overall figure and one per language. */
export type SeriesPoint = { runId: number; label: string; date: string } & Record<string, number | null | string>;
export type MetricSeries = { key: string; label: string; format: MetricFormat; points: SeriesPoint[] };

type RunLike = { id: number; kind: string; createdAt: Date | string; config: Record<string, unknown>; metrics: Record<string, unknown> };

/** Runs the charts show for a kind: retrieval charts hybrid+rerank only (the CLI also stores fts, vector, hybrid). */
export function chartedRuns<R extends RunLike>(runs: R[], kind: ChartedKind): R[] {
  return runs
    .filter((r) => r.kind === kind && (kind !== 'retrieval' || (r.config.method ?? 'hybrid+rerank') === 'hybrid+rerank'))
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id);
}

export function languagesOf(runs: RunLike[]): string[] {
  const langs = new Set<string>();
  for (const r of runs) for (const lang of Object.keys((r.metrics.byLanguage as Record<string, unknown> | undefined) ?? {})) langs.add(lang);
  return [...langs].sort();
}

/** Chart data for every metric of a kind, oldest run first. */
export function buildSeries(runs: RunLike[], kind: ChartedKind): { languages: string[]; series: MetricSeries[] } {
  const charted = chartedRuns(runs, kind);
  const languages = languagesOf(charted);
  const series = METRICS[kind].map((def) => ({
    key: def.key,
    label: def.label,
    format: def.format,
    points: charted.map((r) => {
      const byLanguage = (r.metrics.byLanguage as Record<string, unknown> | undefined) ?? {};
      const point: SeriesPoint = { runId: r.id, label: `#${r.id}`, date: new Date(r.createdAt).toISOString(), overall: def.read(r.metrics.overall) };
      for (const lang of languages) point[lang] = def.read(byLanguage[lang]);
      return point;
    }),
  }));
  return { languages, series };
}
