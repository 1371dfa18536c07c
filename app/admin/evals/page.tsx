import type { Metadata } from 'next';
import { EvalRunner } from '@/components/admin/evals/eval-runner';
import { MetricChart } from '@/components/admin/evals/metric-chart';
import { RunsTable } from '@/components/admin/evals/runs-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { buildSeries, chartedRuns, type ChartedKind } from '@/lib/console/evals/metrics';
import { listEvalRuns } from '@/lib/console/evals/runs';
import { toJobView } from '@/lib/console/jobs/view';
import { getDatabase } from '@/lib/db';
import { listJobs } from '@/lib/db/queries/jobs';

export const metadata: Metadata = { title: 'Evaluations' };
export const dynamic = 'force-dynamic';

const SECTIONS: { kind: ChartedKind; title: string; description: string }[] = [
  {
    kind: 'retrieval',
    title: 'Retrieval',
    description: 'Hybrid search + rerank on the golden questions: does the right article come first? (Runs of other methods from the CLI are listed below, not charted.)',
  },
  {
    kind: 'answers',
    title: 'Answers',
    description: 'The chat pipeline on every golden question, golden answers off: language, citations, abstention and overlap with the expert answer.',
  },
  { kind: 'actions', title: 'Account actions', description: 'Tool selection and arguments on the account-request set.' },
  {
    kind: 'dialogs',
    title: 'Dialogs',
    description: 'Multi-turn conversations through the real chat turn (npm run eval -- --dialogs): clarification replies, follow-ups, topic switches, account follow-ups, conversations a person holds. Share of dialogs whose last turn (and every turn) passes all its checks.',
  },
];

export default async function EvalsPage() {
  const user = await requirePagePermission('evals:read', { from: '/admin/evals' });
  const { db } = await getDatabase();
  const runs = await listEvalRuns(db, { limit: 300 });
  const jobs = await listJobs(db, { kind: 'eval', limit: 1 });
  const now = new Date();
  const latest = jobs[0] ? toJobView(jobs[0], now) : null;
  const canRun = can(user.role, 'evals:run');

  return (
    <div className="grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Evaluations</h1>
        <p className="text-muted-foreground">Quality measured by the product itself, run by run. Runs from the console and from npm run eval are stored alike.</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Run an evaluation</CardTitle>
          <CardDescription>One at a time; each takes from a few seconds to a minute and is stored as a run.</CardDescription>
        </CardHeader>
        <CardContent>
          <EvalRunner canRun={canRun} initialJob={latest} />
          {!canRun && <p className="text-sm text-muted-foreground">Your role can read evaluations but not run them.</p>}
        </CardContent>
      </Card>

      {SECTIONS.map((section) => {
        const { languages, series } = buildSeries(runs, section.kind);
        const count = chartedRuns(runs, section.kind).length;
        return (
          <Card key={section.kind}>
            <CardHeader>
              <CardTitle>
                {section.title} <span className="text-sm font-normal text-muted-foreground">({count} {count === 1 ? 'run' : 'runs'})</span>
              </CardTitle>
              <CardDescription>{section.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <MetricChart kind={section.kind} series={series} languages={languages} />
            </CardContent>
          </Card>
        );
      })}

      <Card>
        <CardHeader>
          <CardTitle>Runs</CardTitle>
          <CardDescription>Pick a baseline (A) and a candidate (B) of the same kind to compare them question by question.</CardDescription>
        </CardHeader>
        <CardContent>
          <RunsTable runs={runs} />
        </CardContent>
      </Card>
    </div>
  );
}
