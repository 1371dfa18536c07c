import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { LocalTime } from '@/components/admin/golden/local-time';
import { CaseResult } from '@/components/admin/tests/case-result';
import { TestStatusBadge } from '@/components/admin/tests/status-badge';
import { TestRunner } from '@/components/admin/tests/test-runner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { toJobView } from '@/lib/console/jobs/view';
import { loadRunView } from '@/lib/conversation-tests/run-view';
import { getDatabase } from '@/lib/db';

export const metadata: Metadata = { title: 'Test run' };
export const dynamic = 'force-dynamic';

export default async function TestRunPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  await requirePagePermission('tests:read', { from: `/admin/tests/runs/${raw}` });
  const id = z.coerce.number().int().positive().safeParse(raw);
  if (!id.success) notFound();
  const { db } = await getDatabase();
  const view = await loadRunView(db, { id: id.data });
  if (!view) notFound();
  const { run, job, cases } = view;
  const newlyFailing = cases.filter((c) => c.change === 'newly_failing').length;
  const fixed = cases.filter((c) => c.change === 'newly_passing').length;

  return (
    <div className="grid max-w-6xl gap-6">
      <div>
        <p className="text-sm text-muted-foreground">
          <Link href="/admin/tests" className="hover:underline">
            Conversation tests
          </Link>
        </p>
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight">
          Run #{run.id} <TestStatusBadge status={run.status} />
        </h1>
        <p className="text-muted-foreground" data-testid="run-summary">
          {run.passed} passed, {run.failed} failed{run.skipped ? `, ${run.skipped} skipped` : ''} of {run.total}
          {newlyFailing ? ` · ${newlyFailing} newly failing` : ''}
          {fixed ? ` · ${fixed} fixed` : ''} · started <LocalTime iso={run.startedAt.toISOString()} />
          {run.finishedAt ? ` · took ${((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000).toFixed(1)} s` : ''}
          {run.reason ? ` · ${run.reason}` : ''}
        </p>
        {run.error && <p className="text-sm text-destructive">{run.error}</p>}
      </div>

      {run.status === 'running' && job && (
        <Card>
          <CardHeader>
            <CardTitle>In progress</CardTitle>
            <CardDescription>Results appear as each case finishes; this page refreshes when the run ends.</CardDescription>
          </CardHeader>
          <CardContent>
            <TestRunner canRun={false} initialJob={toJobView(job, new Date())} />
          </CardContent>
        </Card>
      )}

      <section className="grid gap-3" aria-label="Results">
        <p className="text-sm text-muted-foreground">Compared with each case&apos;s result in the latest earlier run; newly failing cases first.</p>
        {cases.length === 0 ? <p className="text-sm text-muted-foreground">No result yet.</p> : cases.map((c) => <CaseResult key={c.testId} diff={c} />)}
      </section>
    </div>
  );
}
