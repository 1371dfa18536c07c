import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { RunProblem } from '@/components/admin/evals/run-problem';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { requirePagePermission } from '@/lib/auth/guard';
import { formatMetric, METRICS, type ChartedKind } from '@/lib/console/evals/metrics';
import { hasRunDetail, runRows } from '@/lib/console/evals/run-detail';
import { questionTexts } from '@/lib/console/evals/question-texts';
import { findEvalRun } from '@/lib/console/evals/runs';
import { getDatabase } from '@/lib/db';
import { LocalTime } from '@/components/admin/golden/local-time';

export const metadata: Metadata = { title: 'Evaluation run' };
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });
const querySchema = z.object({ show: z.enum(['all', 'wrong']).catch('wrong').default('wrong') });

/** One stored run, question by question: what it got wrong, without a second run to compare with. */
export default async function EvalRunPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePagePermission('evals:read', { from: '/admin/evals' });
  const parsed = paramsSchema.safeParse(await params);
  if (!parsed.success) return <RunProblem heading="Evaluation run" title="Run not found">Run ids are whole numbers, as in the runs table.</RunProblem>;
  const { show } = querySchema.parse(await searchParams);
  const { id } = parsed.data;
  const { db } = await getDatabase();
  const run = await findEvalRun(db, { id });
  if (!run) return <RunProblem heading="Evaluation run" title="Run not found">{`There is no run #${id}.`}</RunProblem>;
  if (!hasRunDetail(run.kind)) return <RunProblem heading="Evaluation run" title="No per-question results">{`Runs of kind ${run.kind} have no per-question results to show.`}</RunProblem>;

  const all = runRows(run.kind, run.results, { questions: questionTexts(run) });
  const wrong = all.filter((r) => !r.right);
  const rows = show === 'all' ? all : wrong;
  const defs = METRICS[run.kind as ChartedKind] ?? [];
  const unit = run.kind === 'dialogs' ? 'dialogs' : 'questions';

  return (
    <div className="grid max-w-6xl gap-6">
      <div>
        <Link href="/admin/evals" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          Evaluations
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">
          Run #{run.id}: {run.kind}
        </h1>
        <p className="text-muted-foreground">
          <LocalTime iso={run.createdAt.toISOString()} /> · {all.length} {unit}, {all.length - wrong.length} fully right, {wrong.length} not.
        </p>
      </div>

      {defs.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Figures</CardTitle>
          </CardHeader>
          <CardContent className="relative overflow-x-auto">
            <DataTable testId="run-figures" columns={['Metric (overall)', { label: 'Value', align: 'right' }]}>
              {defs.map((def) => (
                <tr key={def.key} className="border-b last:border-0">
                  <td className="py-2 pr-4">{def.label}</td>
                  <td className="py-2 text-right tabular-nums">{formatMetric(def.read(run.metrics.overall), def.format)}</td>
                </tr>
              ))}
            </DataTable>
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{run.kind === 'dialogs' ? 'Dialog by dialog' : 'Question by question'}</CardTitle>
          <CardDescription>
            {run.kind === 'answers'
              ? 'Fully right: answered with every key fact stated (an unanswerable question: declined). The missing facts are named.'
              : run.kind === 'retrieval'
                ? 'Fully right: an expected article ranked first (an unanswerable question: abstained).'
                : run.kind === 'dialogs'
                  ? "Fully right: the last turn passes all its checks. Every failed check is named with what the turn did."
                  : 'Fully right: the right tool (or none) with the right arguments.'}
          </CardDescription>
          <nav aria-label="Filter" className="flex flex-wrap gap-2 text-sm">
            {(['wrong', 'all'] as const).map((v) => (
              <Link
                key={v}
                href={`/admin/evals/runs/${run.id}${v === 'wrong' ? '' : '?show=all'}`}
                aria-current={show === v ? 'page' : undefined}
                className={`rounded-md border px-2 py-1 ${show === v ? 'bg-accent' : 'hover:bg-accent'}`}
              >
                {v === 'wrong' ? `Not fully right (${wrong.length})` : `All (${all.length})`}
              </Link>
            ))}
          </nav>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="run-rows-empty">
              Every {unit === 'dialogs' ? 'dialog' : 'question'} of this run is fully right.
            </p>
          ) : (
            <DataTable testId="run-rows" columns={[unit === 'dialogs' ? 'Dialog' : 'Question', 'Result', 'Reply']}>
              {rows.map((row) => (
                <tr key={row.id} className="border-b last:border-0 align-top" data-right={row.right}>
                  <td className="py-2 pr-4">
                    <span className="font-mono text-xs text-muted-foreground">
                      {row.id} · {row.lang}
                    </span>
                    <span className="block">{row.question ?? ''}</span>
                  </td>
                  <td className="py-2 pr-4">
                    <Badge variant={row.right ? 'success' : 'destructive'}>{row.right ? 'right' : 'not right'}</Badge>
                    <span className="mt-1 block text-xs">{row.side.label}</span>
                  </td>
                  <td className="max-w-md py-2 text-xs whitespace-pre-wrap text-muted-foreground">{row.side.detail ?? ''}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
