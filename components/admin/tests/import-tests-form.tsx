'use client';

import { AlertCircle, CheckCircle2, Upload } from 'lucide-react';
import Link from 'next/link';
import { useActionState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { ImportFormState } from '@/lib/conversation-tests/form-state';

type Action = (state: ImportFormState, form: FormData) => Promise<ImportFormState>;

/** Upload (or paste) a JSONL suite: all of it is imported, or nothing and the lines to fix are listed. */
export function ImportTestsForm({ action }: { action: Action }) {
  const [state, dispatch, pending] = useActionState<ImportFormState, FormData>(action, { status: 'idle' });
  return (
    <form action={dispatch} className="grid gap-4">
      {state.status === 'error' && (
        <Alert variant="destructive" data-testid="import-error">
          <AlertCircle aria-hidden />
          <AlertTitle>{state.message}</AlertTitle>
          {state.issues.length > 0 && (
            <AlertDescription>
              <ul className="list-disc pl-5">
                {state.issues.slice(0, 200).map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </AlertDescription>
          )}
        </Alert>
      )}
      {state.status === 'done' && (
        <Alert data-testid="import-done">
          <CheckCircle2 aria-hidden />
          <AlertDescription>
            Imported: {state.added} added, {state.replaced} replaced.{' '}
            <Link href="/admin/tests" className="text-primary hover:underline">
              Back to the tests
            </Link>
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-2">
        <Label htmlFor="suite-file">JSONL file</Label>
        <Input id="suite-file" name="file" type="file" accept=".jsonl,.ndjson,application/x-ndjson,text/plain" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="suite-text">…or paste its lines</Label>
        <Textarea id="suite-text" name="text" rows={6} className="font-mono text-xs" />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          <Upload aria-hidden /> {pending ? 'Importing…' : 'Import'}
        </Button>
      </div>
    </form>
  );
}
