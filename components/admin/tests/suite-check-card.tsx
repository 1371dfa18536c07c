import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { JobView } from '@/lib/console/jobs/view';
import { TestRunner } from './test-runner';

/**
 * "Check the answers": after a change elsewhere in the console (a re-ingest, a setting), run the
 * whole conversation test suite, recorded with what prompted it.
 */
export function SuiteCheckCard({ trigger, what, canRun, job, cases }: { trigger: 'ingest' | 'settings'; what: string; canRun: boolean; job: JobView | null; cases: number }) {
  return (
    <Card data-testid="suite-check">
      <CardHeader>
        <CardTitle>Check the answers</CardTitle>
        <CardDescription>
          After {what}, run the{' '}
          <Link href="/admin/tests" className="text-primary hover:underline">
            conversation tests
          </Link>{' '}
          ({cases} {cases === 1 ? 'case' : 'cases'}) to see whether any answer changed for the worse.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <TestRunner canRun={canRun && cases > 0} initialJob={job} trigger={trigger} reason={`after ${what}`} label="Run all tests" />
      </CardContent>
    </Card>
  );
}
