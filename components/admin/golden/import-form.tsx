'use client';

import { AlertCircle, CheckCircle2, TriangleAlert, Upload } from 'lucide-react';
import Link from 'next/link';
import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ImportState } from '@/lib/console/golden/form-state';
import type { LineError } from '@/lib/console/golden/jsonl';
import { describedBy, Field } from './field';

type Action = (state: ImportState, form: FormData) => Promise<ImportState>;

const MAX_BYTES = 1_000_000;
const SHOWN = 200;

/** Upload a JSONL file: either every line is imported, or nothing is and the bad lines are listed. */
export function ImportForm({ action }: { action: Action }) {
  const [state, dispatch, pending] = useActionState<ImportState, FormData>(action, { status: 'idle' });
  const [clientError, setClientError] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const hint = 'One JSON object per line: id, lang (en, de, fr, it), question, answer, source_ids, tags. At most 1 MB.';

  useEffect(() => {
    if (state.status !== 'idle') resultRef.current?.focus();
  }, [state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return setClientError('Choose a non-empty .jsonl file first.');
    if (file.size > MAX_BYTES) return setClientError(`The file is ${(file.size / 1_000_000).toFixed(1)} MB; import at most 1 MB at a time (split it).`);
    setClientError(null);
    startTransition(() => dispatch(data));
  };

  const error = clientError ?? (state.status === 'error' ? state.message : undefined);
  return (
    <div className="grid gap-6">
      <form onSubmit={onSubmit} className="grid max-w-xl gap-4" noValidate>
        <Field id="golden-import-file" label="JSONL file" hint={hint} error={error}>
          <Input
            id="golden-import-file"
            name="file"
            type="file"
            accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson,application/json,text/plain"
            required
            className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy('golden-import-file', hint, error)}
            data-testid="golden-import-file"
          />
        </Field>
        <Button type="submit" disabled={pending} className="justify-self-start" data-testid="golden-import-submit">
          <Upload aria-hidden /> {pending ? 'Checking and importing…' : 'Import'}
        </Button>
      </form>

      <div ref={resultRef} tabIndex={-1} className="outline-none" aria-live="polite">
        {state.status === 'rejected' && (
          <Alert variant="destructive" data-testid="golden-import-rejected">
            <AlertCircle aria-hidden />
            <AlertTitle>Nothing was imported</AlertTitle>
            <AlertDescription>
              <p>
                {state.errors.length === 1 ? 'One line' : `${state.errors.length} lines`} of {state.fileName} {state.errors.length === 1 ? 'needs' : 'need'} fixing. Correct{' '}
                {state.errors.length === 1 ? 'it' : 'them'} and import the whole file again.
              </p>
              <LineList errors={state.errors} testId="golden-import-errors" />
            </AlertDescription>
          </Alert>
        )}
        {state.status === 'imported' && (
          <div className="grid gap-3">
            <Alert data-testid="golden-import-done">
              <CheckCircle2 className="text-success" aria-hidden />
              <AlertTitle>Imported {state.fileName}</AlertTitle>
              <AlertDescription>
                {state.created.length} created, {state.updated.length} updated, {state.unchanged.length} unchanged.{' '}
                <Link href="/admin/golden" className="text-primary underline-offset-4 hover:underline">
                  Back to the list
                </Link>
              </AlertDescription>
            </Alert>
            {state.warnings.length > 0 && (
              <Alert data-testid="golden-import-warnings">
                <TriangleAlert className="text-destructive" aria-hidden />
                <AlertTitle>Imported with unknown article ids</AlertTitle>
                <AlertDescription>
                  <p>These answers cite articles that are not in the knowledge base; their links show as broken until such articles are ingested.</p>
                  <LineList errors={state.warnings} testId="golden-import-warning-lines" />
                </AlertDescription>
              </Alert>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function LineList({ errors, testId }: { errors: LineError[]; testId: string }) {
  const shown = errors.slice(0, SHOWN);
  return (
    <>
      <ul className="mt-2 grid max-h-96 gap-1 overflow-y-auto text-foreground" data-testid={testId}>
        {shown.map((e) => (
          <li key={`${e.line}-${e.reason}`} className="grid grid-cols-[5rem_minmax(0,1fr)] gap-2" data-line={e.line}>
            <span className="font-mono text-xs text-muted-foreground">{e.line > 0 ? `line ${e.line}` : 'file'}</span>
            <span className="break-words">
              {e.id && <span className="font-mono">{e.id}: </span>}
              {e.reason}
            </span>
          </li>
        ))}
      </ul>
      {errors.length > shown.length && <p className="mt-1">…and {errors.length - shown.length} more.</p>}
    </>
  );
}
