import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { RunProblem } from '@/components/admin/evals/run-problem';
import { PairwisePanel } from '@/components/admin/evals/pairwise-panel';
import { DataTable } from '@/components/ui/data-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { getConfig } from '@/lib/config';
import { compareRuns, isComparableKind, type Verdict } from '@/lib/console/evals/compare';
import { formatMetric, METRICS, type ChartedKind } from '@/lib/console/evals/metrics';
import { pairwiseUnavailableReason, type PairwiseResult } from '@/lib/console/evals/pairwise';
import { questionTexts } from '@/lib/console/evals/question-texts';
import { findEvalRun, listEvalRuns } from '@/lib/console/evals/runs';
import { isActive, toJobView } from '@/lib/console/jobs/view';
import { getDatabase } from '@/lib/db';
import { listJobs } from '@/lib/db/queries/jobs';
import { LocalTime } from '@/components/admin/golden/local-time';

export const metadata: Metadata = { title: 'Compare evaluation runs' };
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({
  a: z.coerce.number().int().positive(),
  b: z.coerce.number().int().positive(),
  show: z.enum(['all', 'better', 'worse', 'same', 'only_a', 'only_b']).catch('all').default('all'),
});

const VERDICT: Record<Verdict, { label: string; variant: 'success' | 'destructive' | 'secondary' | 'outline' }> = {
  better: { label: 'better', variant: 'success' },
  worse: { label: 'worse', variant: 'destructive' },
  same: { label: 'same', variant: 'secondary' },
  only_a: { label: 'only in A', variant: 'outline' },
  only_b: { label: 'only in B', variant: 'outline' },
};

export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePagePermission('evals:read', { from: '/admin/evals' });
  const parsed = paramsSchema.safeParse(await searchParams);
  if (!parsed.success) return <RunProblem heading="Compare evaluation runs" title="Pick two runs">Choose a run as A and another as B in the runs table.</RunProblem>;
  const { a, b, show } = parsed.data;
  const { db } = await getDatabase();
  const [runA, runB] = await Promise.all([findEvalRun(db, { id: a }), findEvalRun(db, { id: b })]);
  if (!runA || !runB) return <RunProblem heading="Compare evaluation runs" title="Run not found">{`There is no run #${!runA ? a : b}.`}</RunProblem>;
  if (runA.kind !== runB.kind) return <RunProblem heading="Compare evaluation runs" title="Different evaluations">{`Run #${a} is a ${runA.kind} run and #${b} a ${runB.kind} run: compare runs of the same kind.`}</RunProblem>;
  if (!isComparableKind(runA.kind)) return <RunProblem heading="Compare evaluation runs" title="Not comparable">{`Runs of kind ${runA.kind} have no per-question results to compare.`}</RunProblem>;

  const kind = runA.kind as ChartedKind;
  const questions = questionTexts(runA);
  for (const [id, q] of questionTexts(runB)) if (!questions.has(id)) questions.set(id, q);
  const comparison = compareRuns(kind, runA.results, runB.results, { questions });
  // Changes first: worse, better, then questions in one run only, then the unchanged.
  const order: Record<Verdict, number> = { worse: 0, better: 1, only_a: 2, only_b: 3, same: 4 };
  const rows = (show === 'all' ? comparison.rows : comparison.rows.filter((r) => r.verdict === show)).toSorted((x, y) => order[x.verdict] - order[y.verdict]);

  // The LLM pairwise judge (answers only).
  const config = getConfig();
  const unavailable = kind === 'answers' ? pairwiseUnavailableReason(config) : null;
  let verdicts = new Map<string, PairwiseResult>();
  let pairwiseRunId: number | null = null;
  let initialJob = null;
  if (kind === 'answers' && !unavailable) {
    const pairwise = (await listEvalRuns(db, { kinds: ['pairwise'], limit: 100 })).find((r) => r.config.a === a && r.config.b === b);
    if (pairwise) {
      const full = await findEvalRun(db, { id: pairwise.id });
      verdicts = new Map((full?.results as PairwiseResult[] | undefined)?.map((r) => [r.id, r]) ?? []);
      pairwiseRunId = pairwise.id;
    }
    const [job] = await listJobs(db, { kind: 'eval', limit: 1 });
    const view = job ? toJobView(job) : null;
    if (view && view.params.eval === 'pairwise' && view.params.a === a && view.params.b === b && isActive(view)) initialJob = view;
  }
  const judged = [...verdicts.values()];

  return (
    <div className="grid max-w-6xl gap-6">
      <div>
        <Link href="/admin/evals" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          Evaluations
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">
          Run #{a} (A) vs run #{b} (B): {kind}
        </h1>
        <p className="text-muted-foreground">
          A <LocalTime iso={runA.createdAt.toISOString()} /> · B <LocalTime iso={runB.createdAt.toISOString()} />. &ldquo;Better&rdquo; means B did better than A on that question.
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-3" data-testid="compare-counts">
        {(['better', 'worse', 'same'] as const).map((v) => (
          <Card key={v}>
            <CardHeader className="pb-2">
              <CardDescription>{v === 'better' ? 'B better' : v === 'worse' ? 'B worse' : 'Same'}</CardDescription>
              <CardTitle className="text-3xl tabular-nums" data-testid={`compare-${v}`}>
                {comparison.counts[v]}
              </CardTitle>
            </CardHeader>
          </Card>
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Figures</CardTitle>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          <DataTable columns={['Metric (overall)', { label: `A #${a}`, align: 'right' }, { label: `B #${b}`, align: 'right' }, { label: 'Change', align: 'right' }]}>
            {METRICS[kind].map((def) => {
              const va = def.read(runA.metrics.overall);
              const vb = def.read(runB.metrics.overall);
              const delta = va !== null && vb !== null ? vb - va : null;
              const good = delta !== null && Math.abs(delta) > 1e-9 && delta > 0 === def.higherIsBetter;
              return (
                <tr key={def.key} className="border-b last:border-0">
                  <td className="py-2 pr-4">{def.label}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatMetric(va, def.format)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatMetric(vb, def.format)}</td>
                  <td className={`py-2 text-right tabular-nums ${delta === null || Math.abs(delta) < 1e-9 ? '' : good ? 'text-success' : 'text-destructive'}`}>
                    {delta === null ? '—' : `${delta > 0 ? '+' : ''}${def.format === 'rate' ? `${(delta * 100).toFixed(1)} pt` : def.format === 'ms' ? `${delta.toFixed(1)} ms` : delta.toFixed(3)}`}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </CardContent>
      </Card>

      {kind === 'answers' && (
        <Card>
          <CardHeader>
            <CardTitle>LLM pairwise judge</CardTitle>
            <CardDescription>A language model reads both answers to each question next to the expert answer and says which serves the customer better.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {unavailable ? (
              <p className="text-sm text-muted-foreground" data-testid="pairwise-unavailable">
                {unavailable}
              </p>
            ) : (
              <>
                {pairwiseRunId !== null && (
                  <p className="text-sm">
                    Judged in run #{pairwiseRunId}: A better {judged.filter((j) => j.winner === 'a').length}, B better {judged.filter((j) => j.winner === 'b').length}, tie{' '}
                    {judged.filter((j) => j.winner === 'tie').length}, unjudged {judged.filter((j) => j.winner === null).length}.
                  </p>
                )}
                {can(user.role, 'evals:run') && <PairwisePanel a={a} b={b} initialJob={initialJob} />}
              </>
            )}
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Question by question</CardTitle>
          <nav aria-label="Filter" className="flex flex-wrap gap-2 text-sm">
            {(['all', 'better', 'worse', 'same', 'only_a', 'only_b'] as const).map((v) => {
              const n = v === 'all' ? comparison.rows.length : comparison.counts[v];
              if (v !== 'all' && n === 0) return null;
              return (
                <Link
                  key={v}
                  href={`/admin/evals/compare?a=${a}&b=${b}${v === 'all' ? '' : `&show=${v}`}`}
                  aria-current={show === v ? 'page' : undefined}
                  className={`rounded-md border px-2 py-1 ${show === v ? 'bg-accent' : 'hover:bg-accent'}`}
                >
                  {v === 'all' ? 'All' : VERDICT[v].label} ({n})
                </Link>
              );
            })}
          </nav>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          <DataTable testId="compare-rows" columns={['Question', `A #${a}`, `B #${b}`, 'B vs A', ...(judged.length > 0 ? ['LLM judge'] : [])]}>
            {rows.map((row) => {
              const judge = verdicts.get(row.id);
              return (
                <tr key={row.id} className="border-b last:border-0 align-top" data-verdict={row.verdict}>
                  <td className="py-2 pr-4">
                    <span className="font-mono text-xs text-muted-foreground">
                      {row.id} · {row.lang}
                    </span>
                    <span className="block">{row.question ?? row.a?.detail ?? row.b?.detail ?? ''}</span>
                  </td>
                  <td className="py-2 pr-4">{row.a ? <span title={row.a.detail}>{row.a.label}</span> : '—'}</td>
                  <td className="py-2 pr-4">{row.b ? <span title={row.b.detail}>{row.b.label}</span> : '—'}</td>
                  <td className="py-2 pr-4">
                    <Badge variant={VERDICT[row.verdict].variant}>{VERDICT[row.verdict].label}</Badge>
                  </td>
                  {judged.length > 0 && (
                    <td className="py-2" title={judge?.reason}>
                      {judge ? (judge.winner === null ? 'unjudged' : judge.winner === 'tie' ? 'tie' : `${judge.winner.toUpperCase()} better`) : '—'}
                    </td>
                  )}
                </tr>
              );
            })}
          </DataTable>
        </CardContent>
      </Card>
    </div>
  );
}
