import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ImportForm } from '@/components/admin/golden/import-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { importGoldenAction } from '../actions';

export const metadata: Metadata = { title: 'Import golden answers' };

const EXAMPLE = `{"id": "golden-en-card-payment", "lang": "en", "question": "Can I pay my bill by credit card?", "answer": "Yes. In My Alpenwave > Billing …", "source_ids": ["payment-methods-en"], "tags": ["billing"], "facts": ["Pay now", ["free", "no charge"]]}`;

export default async function ImportGoldenAnswersPage() {
  await requirePagePermission('golden:write', { from: '/admin/golden/import' });
  return (
    <div className="grid max-w-4xl gap-6">
      <div>
        <Link href="/admin/golden" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Golden answers
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">Import golden answers</h1>
        <p className="text-muted-foreground">
          Every line is checked first. If any line is wrong, nothing is imported and the lines to fix are listed; otherwise all answers are created or replaced
          (by id) at once, each recorded in its history.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Format</CardTitle>
          <CardDescription>
            The <code>content/golden</code> JSONL format, the same as the export. <code>answer</code> is required; <code>source_ids</code> lists article ids
            (use <code>[]</code> for none); <code>tags</code> is optional; <code>facts</code> (optional) lists what a right answer must state, each a
            string or a list of alternatives. Unknown article ids are imported but reported.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <pre className="whitespace-pre-wrap break-words rounded-lg bg-muted p-3 text-xs">{EXAMPLE}</pre>
        </CardContent>
      </Card>
      <ImportForm action={importGoldenAction} />
    </div>
  );
}
