import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatMetric, METRICS, type ChartedKind } from '@/lib/console/evals/metrics';
import { hasRunDetail } from '@/lib/console/evals/run-detail';
import type { EvalRunSummaryRow } from '@/lib/console/evals/runs';
import { LocalTime } from '@/components/admin/golden/local-time';

function headline(run: EvalRunSummaryRow): string {
  if (run.kind === 'pairwise') {
    const m = run.metrics as { aWins?: number; bWins?: number; ties?: number };
    return `#${String(run.config.a)} vs #${String(run.config.b)}: A ${m.aWins ?? 0} · B ${m.bWins ?? 0} · ties ${m.ties ?? 0}`;
  }
  const defs = METRICS[run.kind as ChartedKind];
  if (!defs) return '';
  return defs
    .slice(0, 3)
    .map((d) => `${d.label} ${formatMetric(d.read(run.metrics.overall), d.format)}`)
    .join(' · ');
}

function size(run: EvalRunSummaryRow): string {
  const n = run.config.questions ?? run.config.items ?? (run.metrics as { questions?: number }).questions;
  return typeof n === 'number' ? String(n) : '—';
}

/** The stored runs, newest first; pick A (baseline) and B (candidate) to compare them question by question. */
export function RunsTable({ runs }: { runs: EvalRunSummaryRow[] }) {
  if (runs.length === 0) return <p className="text-sm text-muted-foreground">No evaluation has been stored yet.</p>;
  return (
    <form action="/admin/evals/compare" method="get" className="grid gap-3">
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm" data-testid="eval-runs">
          <thead className="text-left text-muted-foreground">
            <tr className="border-b">
              <th className="py-2 pr-2 font-medium">A</th>
              <th className="py-2 pr-4 font-medium">B</th>
              <th className="py-2 pr-4 font-medium">Run</th>
              <th className="py-2 pr-4 font-medium">Kind</th>
              <th className="py-2 pr-4 font-medium">When</th>
              <th className="py-2 pr-4 font-medium">From</th>
              <th className="py-2 pr-4 text-right font-medium">Items</th>
              <th className="py-2 font-medium">Figures (overall)</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => {
              const comparable = run.kind !== 'pairwise';
              return (
                <tr key={run.id} className="border-b last:border-0" data-run-id={run.id} data-kind={run.kind}>
                  <td className="py-2 pr-2">{comparable && <input type="radio" name="a" value={run.id} aria-label={`Run #${run.id} as A`} />}</td>
                  <td className="py-2 pr-4">{comparable && <input type="radio" name="b" value={run.id} aria-label={`Run #${run.id} as B`} />}</td>
                  <td className="py-2 pr-4 tabular-nums">
                    {hasRunDetail(run.kind) ? (
                      <Link className="underline underline-offset-4" href={`/admin/evals/runs/${run.id}`} aria-label={`Run #${run.id}, question by question`}>
                        #{run.id}
                      </Link>
                    ) : (
                      `#${run.id}`
                    )}
                  </td>
                  <td className="py-2 pr-4">
                    <Badge variant="outline">
                      {run.kind}
                      {run.kind === 'retrieval' && typeof run.config.method === 'string' && run.config.method !== 'hybrid+rerank' ? ` · ${run.config.method}` : ''}
                    </Badge>
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap"><LocalTime iso={run.createdAt.toISOString()} /></td>
                  <td className="py-2 pr-4">{run.config.source === 'console' ? 'console' : 'CLI'}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{size(run)}</td>
                  <td className="py-2">
                    {run.kind === 'pairwise' ? (
                      <Link className="underline-offset-4 hover:underline" href={`/admin/evals/compare?a=${String(run.config.a)}&b=${String(run.config.b)}`}>
                        {headline(run)}
                      </Link>
                    ) : (
                      headline(run)
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div>
        <Button type="submit" variant="outline">
          Compare A with B
        </Button>
      </div>
    </form>
  );
}
