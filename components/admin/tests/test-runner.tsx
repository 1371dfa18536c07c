'use client';

import { Play } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { JobProgress } from '@/components/admin/knowledge/job-progress';
import { NativeSelect } from '@/components/admin/golden/native-select';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useJob } from '@/lib/console/jobs/use-job';
import type { JobView } from '@/lib/console/jobs/view';

export type RunScopeRequest = { all: true } | { group: string } | { testIds: string[] };

function runIdOf(job: JobView | null): number | null {
  const id = job?.params.runId;
  return typeof id === 'number' ? id : null;
}

/**
 * Starts a run of the conversation tests (all, a group, or given cases) as a console job and
 * shows its live progress; the page renders with the active run, so a reload keeps showing it.
 */
export function TestRunner({
  canRun,
  initialJob,
  groups = [],
  only,
  trigger = 'console',
  reason,
  label = 'Run all tests',
}: {
  canRun: boolean;
  initialJob: JobView | null;
  groups?: string[];
  /** Run just these cases (a case's own page, the golden editor's "affected tests"). */
  only?: string[];
  trigger?: 'console' | 'golden' | 'ingest' | 'settings';
  reason?: string;
  label?: string;
}) {
  const router = useRouter();
  const { job, error, starting, start, active } = useJob({ initial: initialJob, onFinished: () => router.refresh() });
  const [group, setGroup] = useState('');
  const run = (scope: RunScopeRequest) => void start({ kind: 'tests', scope, trigger, ...(reason ? { reason } : {}) });
  const runId = runIdOf(job);
  return (
    <div className="grid gap-3">
      {canRun && (
        <div className="flex flex-wrap items-center gap-2">
          <Button disabled={starting || active || (only !== undefined && only.length === 0)} onClick={() => run(only ? { testIds: only } : { all: true })} data-testid="run-tests">
            <Play aria-hidden /> {label}
          </Button>
          {!only && groups.length > 1 && (
            <>
              <NativeSelect aria-label="Group to run" value={group} onChange={(e) => setGroup(e.target.value)} className="w-48">
                <option value="">Choose a group…</option>
                {groups.map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </NativeSelect>
              <Button variant="outline" disabled={!group || starting || active} onClick={() => run({ group })}>
                <Play aria-hidden /> Run group
              </Button>
            </>
          )}
        </div>
      )}
      {error && (
        <Alert variant="destructive" data-testid="job-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {job && (
        <div className="grid gap-1">
          <p className="text-sm font-medium">{active ? 'Running' : 'Last run'}</p>
          <JobProgress job={job} unit="cases" />
          {runId !== null && (
            <Link className="text-sm text-primary underline-offset-4 hover:underline" href={`/admin/tests/runs/${runId}`} data-testid="run-link">
              {active ? `Follow run #${runId}` : `See the results of run #${runId}`}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
