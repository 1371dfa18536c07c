import { CheckCircle2, Download, FlaskRound, Plus, Upload } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { LocalTime } from '@/components/admin/golden/local-time';
import { TestRunner } from '@/components/admin/tests/test-runner';
import { TestStatusBadge } from '@/components/admin/tests/status-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { toJobView } from '@/lib/console/jobs/view';
import { getDatabase } from '@/lib/db';
import { latestResults, listRuns, listTests } from '@/lib/db/queries/conversation-tests';
import { listJobs } from '@/lib/db/queries/jobs';

export const metadata: Metadata = { title: 'Conversation tests' };
export const dynamic = 'force-dynamic';

const TRIGGERS: Record<string, string> = { console: 'Console', golden: 'Golden answer change', ingest: 'After a re-ingest', settings: 'Settings change', cli: 'Command line' };

export default async function TestsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePagePermission('tests:read', { from: '/admin/tests' });
  const canWrite = can(user.role, 'tests:write');
  const raw = await searchParams;
  const { db } = await getDatabase();
  const [tests, latest, runs, jobs] = [await listTests(db), await latestResults(db), await listRuns(db, { limit: 10 }), await listJobs(db, { kind: 'tests', limit: 1 })];
  const job = jobs[0] ? toJobView(jobs[0], new Date()) : null;
  const groups = [...new Set(tests.map((t) => t.group))];

  return (
    <div className="grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Conversation tests</h1>
          <p className="text-muted-foreground">
            Saved conversations with checks on every answer. Run them before and after a change — a golden answer, an article, a setting — to see what it broke.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canWrite && (
            <Button asChild>
              <Link href="/admin/tests/new">
                <Plus aria-hidden /> New test
              </Link>
            </Button>
          )}
          {canWrite && (
            <Button asChild variant="outline">
              <Link href="/admin/tests/import">
                <Upload aria-hidden /> Import
              </Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <a href="/admin/tests/export" download>
              <Download aria-hidden /> Export
            </a>
          </Button>
        </div>
      </div>

      {raw.deleted === '1' && (
        <Alert>
          <CheckCircle2 aria-hidden />
          <AlertDescription>The test was deleted.</AlertDescription>
        </Alert>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Run the suite</CardTitle>
          <CardDescription>
            Every case runs through the real chat against this knowledge base, golden answers and settings. Test customers live in a sandbox: their account changes are undone after each case, and
            nothing a test does shows up in conversations or insights.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TestRunner canRun={canWrite && tests.length > 0} initialJob={job} groups={groups} />
          {!canWrite && <p className="text-sm text-muted-foreground">Your role can read the tests but not change or run them.</p>}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            Test cases <span className="text-sm font-normal text-muted-foreground">({tests.length})</span>
          </CardTitle>
          <CardDescription>The status is each case&apos;s result in the latest run that ran it.</CardDescription>
        </CardHeader>
        <CardContent>
          {tests.length === 0 ? (
            <div className="grid justify-items-center gap-2 py-10 text-center text-muted-foreground" data-testid="tests-empty">
              <FlaskRound className="size-8" aria-hidden />
              <p>No test yet. Make one from a conversation (Conversations → a conversation → Make a test), write one, or import a suite.</p>
            </div>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="w-full text-sm" data-testid="tests-table">
                <thead className="text-left text-muted-foreground">
                  <tr className="border-b">
                    <th className="py-2 pr-3 font-medium">Name</th>
                    <th className="py-2 pr-3 font-medium">Group</th>
                    <th className="py-2 pr-3 font-medium">Language</th>
                    <th className="py-2 pr-3 font-medium">Customer</th>
                    <th className="py-2 pr-3 font-medium">Turns</th>
                    <th className="py-2 pr-3 font-medium">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {tests.map((t) => {
                    const last = latest.get(t.id);
                    return (
                      <tr key={t.id} className="border-b last:border-0" data-testid="test-row" data-name={t.name}>
                        <td className="py-2 pr-3">
                          <Link href={`/admin/tests/${t.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                            {t.name}
                          </Link>
                        </td>
                        <td className="py-2 pr-3">{t.group}</td>
                        <td className="py-2 pr-3 uppercase">{t.lang}</td>
                        <td className="py-2 pr-3">{t.customer ?? <span className="text-muted-foreground">anonymous</span>}</td>
                        <td className="py-2 pr-3 tabular-nums">{Array.isArray(t.turns) ? t.turns.length : 0}</td>
                        <td className="py-2 pr-3">
                          {last ? (
                            <Link href={`/admin/tests/runs/${last.runId}#case-${t.id}`}>
                              <TestStatusBadge status={last.status} />
                            </Link>
                          ) : (
                            <TestStatusBadge status={null} />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recent runs</CardTitle>
          <CardDescription>From the console and from npm run test:conversations.</CardDescription>
        </CardHeader>
        <CardContent>
          {runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">No run yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm" data-testid="runs-list">
              {runs.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-3">
                  <Link href={`/admin/tests/runs/${r.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    Run #{r.id}
                  </Link>
                  <TestStatusBadge status={r.status} />
                  <span className="tabular-nums">
                    {r.passed} passed, {r.failed} failed{r.skipped ? `, ${r.skipped} skipped` : ''} of {r.total}
                  </span>
                  <span className="text-muted-foreground">
                    {TRIGGERS[r.trigger] ?? r.trigger}
                    {r.reason ? ` — ${r.reason}` : ''}
                  </span>
                  <span className="text-muted-foreground">
                    <LocalTime iso={r.startedAt.toISOString()} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
