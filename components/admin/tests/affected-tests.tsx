import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { JobView } from '@/lib/console/jobs/view';
import { TestRunner } from './test-runner';

/** On a golden answer's page: the conversation tests its change may affect, and a button to run just those. */
export function AffectedTests({
  tests,
  canRun,
  job,
  reason,
}: {
  tests: { id: string; name: string; score: number }[];
  canRun: boolean;
  job: JobView | null;
  reason: string;
}) {
  return (
    <Card data-testid="affected-tests">
      <CardHeader>
        <CardTitle>Conversation tests this change may affect</CardTitle>
        <CardDescription>Cases with a customer message close to this question (now or before the last edit), by the chat&apos;s own golden matcher.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {tests.length === 0 ? (
          <p className="text-sm text-muted-foreground">No test case asks anything close to this question.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {tests.map((t) => (
              <li key={t.id}>
                <Link href={`/admin/tests/${t.id}`} className="text-primary hover:underline">
                  {t.name}
                </Link>{' '}
                <span className="text-muted-foreground">(similarity {t.score.toFixed(2)})</span>
              </li>
            ))}
          </ul>
        )}
        {tests.length > 0 && <TestRunner canRun={canRun} initialJob={job} only={tests.map((t) => t.id)} trigger="golden" reason={reason} label={`Run these ${tests.length} tests`} />}
      </CardContent>
    </Card>
  );
}
