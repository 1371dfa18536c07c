import { CheckCircle2, Info } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { TestForm } from '@/components/admin/tests/test-form';
import { TestRunner } from '@/components/admin/tests/test-runner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { loadConsoleConversation } from '@/lib/console/conversations/detail';
import { toJobView } from '@/lib/console/jobs/view';
import { parseStoredCase } from '@/lib/conversation-tests/case';
import { draftOf, EMPTY_CHECKS, type TestDraft } from '@/lib/conversation-tests/draft';
import { editorChoices } from '@/lib/conversation-tests/editor-data';
import { proposeTestFromConversation } from '@/lib/conversation-tests/from-conversation';
import { getDatabase } from '@/lib/db';
import { findTest } from '@/lib/db/queries/conversation-tests';
import { listJobs } from '@/lib/db/queries/jobs';
import { deleteTestAction, saveTestAction } from '../actions';

export const metadata: Metadata = { title: 'Conversation test' };
export const dynamic = 'force-dynamic';

export default async function TestPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id: raw } = await params;
  const user = await requirePagePermission('tests:read', { from: `/admin/tests/${raw}` });
  const canWrite = can(user.role, 'tests:write');
  const id = z.uuid().safeParse(raw);
  if (!id.success) notFound();
  const query = await searchParams;
  const { db } = await getDatabase();
  const row = await findTest(db, { id: id.data });
  if (!row) notFound();
  const parsed = parseStoredCase(row);
  const choices = editorChoices();
  // A stored case that no longer validates (e.g. edited in the database) still opens, to be fixed.
  const initial: TestDraft = parsed.ok
    ? draftOf(parsed.test)
    : { name: row.name, group: row.group, lang: 'en', customer: row.customer ?? '', turns: [{ kind: 'user', text: '', checks: { ...EMPTY_CHECKS } }], simulation: null };
  const source = row.sourceConversationId ? await loadConsoleConversation(db, { id: row.sourceConversationId }) : null;
  const notes = source && query.made === '1' ? (proposeTestFromConversation(source, { name: row.name, testCustomers: choices.customers })?.notes ?? []) : [];
  const jobs = await listJobs(db, { kind: 'tests', limit: 1 });
  const job = jobs[0] ? toJobView(jobs[0], new Date()) : null;

  return (
    <div className="grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-muted-foreground">
            <Link href="/admin/tests" className="hover:underline">
              Conversation tests
            </Link>{' '}
            / {row.group}
          </p>
          <h1 className="text-2xl font-bold tracking-tight">{row.name}</h1>
          {source && (
            <p className="text-sm text-muted-foreground">
              Made from{' '}
              <Link href={`/admin/conversations/${source.conversation.id}`} className="text-primary hover:underline">
                the conversation “{source.conversation.title}”
              </Link>
              .
            </p>
          )}
        </div>
        {canWrite && (
          <form action={deleteTestAction}>
            <input type="hidden" name="id" value={row.id} />
            <Button type="submit" variant="outline">
              Delete test
            </Button>
          </form>
        )}
      </div>

      {query.saved === '1' && (
        <Alert>
          <CheckCircle2 aria-hidden />
          <AlertDescription>The test was saved. Run it to see whether it passes.</AlertDescription>
        </Alert>
      )}
      {query.made === '1' && (
        <Alert data-testid="made-from-conversation">
          <Info aria-hidden />
          <AlertTitle>A test made from the conversation</AlertTitle>
          <AlertDescription>
            <p>The checks below are what happened in it: the articles cited, the tools, the hand-off. Edit them to say what a good answer does, then save.</p>
            {notes.length > 0 && (
              <ul className="mt-2 list-disc pl-5">
                {notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
          </AlertDescription>
        </Alert>
      )}
      {!parsed.ok && (
        <Alert variant="destructive">
          <AlertTitle>This stored test is not valid</AlertTitle>
          <AlertDescription>{parsed.error}</AlertDescription>
        </Alert>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Run this test</CardTitle>
          <CardDescription>Runs the saved version (save your edits first).</CardDescription>
        </CardHeader>
        <CardContent>
          <TestRunner canRun={canWrite} initialJob={job} only={[row.id]} label="Run this test" />
        </CardContent>
      </Card>

      {canWrite ? (
        <TestForm id={row.id} initial={initial} {...choices} action={saveTestAction} cancelHref="/admin/tests" />
      ) : (
        <pre className="overflow-x-auto rounded-md border p-3 text-xs">{JSON.stringify(row.turns, null, 2)}</pre>
      )}
    </div>
  );
}
