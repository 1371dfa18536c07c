'use client';

import { useId, useState } from 'react';
import { LineChart } from '@/components/admin/charts/line-chart';
import type { MetricSeries } from '@/lib/console/evals/metrics';

/** One evaluation's metrics over its runs: pick a metric, see it overall and per language. */
export function MetricChart({ kind, series, languages }: { kind: string; series: MetricSeries[]; languages: string[] }) {
  const [key, setKey] = useState(series[0]?.key ?? '');
  const id = useId();
  const current = series.find((s) => s.key === key) ?? series[0];
  if (!current) return null;
  const lines = [{ key: 'overall', label: 'overall', emphasis: true }, ...languages.map((lang) => ({ key: lang, label: lang }))];
  return (
    <div className="grid gap-2">
      <div className="flex min-w-0 items-center gap-2 text-sm">
        <label htmlFor={id} className="text-muted-foreground">
          Metric
        </label>
        <select id={id} value={current.key} onChange={(e) => setKey(e.target.value)} className="h-9 min-w-0 max-w-full flex-1 rounded-md border border-input bg-background px-2 sm:flex-none">
          {series.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <LineChart
        data={current.points}
        xKey="label"
        lines={lines}
        format={current.format === 'ms' ? 'ms' : current.format === 'rate' ? 'rate' : 'score'}
        domain={current.format === 'ms' ? [0, 'auto'] : [0, 1]}
        label={`${current.label} over ${kind} runs`}
        testId={`eval-chart-${kind}`}
      />
    </div>
  );
}
