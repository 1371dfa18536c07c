import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ImportTestsForm } from '@/components/admin/tests/import-tests-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { importTestsAction } from '../actions';

export const metadata: Metadata = { title: 'Import conversation tests' };

const EXAMPLE = `{"id": "upgrade-internet", "lang": "en", "kind": "account-write", "customer": "anna.meier@example.ch", "turns": [{"user": "please upgrade my internet to Wave Home 1000", "expect": {"tool": {"name": "change_plan", "args": {"planId": "wave-home-1000"}}, "approval": true}}, {"event": "customer_approves"}, {"user": "What plans am I on?", "expect": {"facts": ["Wave Home 1000"]}}]}`;

export default async function ImportTestsPage() {
  await requirePagePermission('tests:write', { from: '/admin/tests/import' });
  return (
    <div className="grid max-w-4xl gap-6">
      <div>
        <Link href="/admin/tests" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Conversation tests
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">Import conversation tests</h1>
        <p className="text-muted-foreground">
          Every line is checked first. If any is wrong, nothing is imported and the lines to fix are listed; otherwise each case is added, or replaced when a case of that name exists.
          The format is the one Export writes and npm run test:conversations reads.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Format</CardTitle>
          <CardDescription>One conversation per line: id (the name), lang, kind (the group), customer (a test customer&apos;s email or null), and the turns with their checks.</CardDescription>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">{EXAMPLE}</pre>
        </CardContent>
      </Card>
      <ImportTestsForm action={importTestsAction} />
    </div>
  );
}
