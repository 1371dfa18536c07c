'use client';

import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useActionState } from 'react';
import type { SynonymsState } from '@/app/admin/knowledge/actions';
import { LocalTime } from '@/components/admin/golden/local-time';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export type SynonymsCardView = {
  text: string;
  rules: number;
  origin: 'console' | 'content' | 'none';
  updatedAt: string | null;
  updatedByName: string | null;
  maxChars: number;
};

type Action = (state: SynonymsState, form: FormData) => Promise<SynonymsState>;

const EXAMPLE = '# Customers say "router" or "modem"; the articles say "Box".\nrouter, modem => box\n# Equivalent words search each other.\nbill, invoice';

/** The search synonyms: shown to everyone who can read the knowledge base, editable with knowledge:ingest. */
export function SynonymsCard({ view, action }: { view: SynonymsCardView; action?: Action }) {
  return (
    <Card data-testid="synonyms-card">
      <CardHeader>
        <CardTitle>Search synonyms</CardTitle>
        <CardDescription>
          The words customers use that the articles don&apos;t: search and the chat look for both. One rule per line, in the Solr format —{' '}
          <code className="text-xs">a, b =&gt; c</code> makes <em>a</em> and <em>b</em> also find <em>c</em>; <code className="text-xs">a, b, c</code> makes
          them find each other. <code className="text-xs">#</code> starts a comment.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="synonyms-origin">
          <Badge variant="secondary" data-testid="synonyms-rules">
            {view.rules} {view.rules === 1 ? 'rule' : 'rules'}
          </Badge>
          {view.origin === 'console' && (
            <span>
              Set by {view.updatedByName ?? 'a deleted user'}
              {view.updatedAt && (
                <>
                  {' · '}
                  <LocalTime iso={view.updatedAt} />
                </>
              )}
              . Ingests no longer read the content folder&apos;s synonyms.txt.
            </span>
          )}
          {view.origin === 'content' && <span>From the content folder&apos;s synonyms.txt (loaded by the last ingest).</span>}
          {view.origin === 'none' && <span>None yet: add a synonyms.txt to the content folder, or write them here.</span>}
        </p>
        {action ? (
          <SynonymsForm view={view} action={action} />
        ) : (
          <pre className="max-h-72 overflow-auto rounded-md bg-muted p-3 font-mono text-xs" data-testid="synonyms-text">
            {view.text || '—'}
          </pre>
        )}
      </CardContent>
    </Card>
  );
}

function SynonymsForm({ view, action }: { view: SynonymsCardView; action: Action }) {
  const [state, dispatch, pending] = useActionState<SynonymsState, FormData>(action, { status: 'idle' });
  return (
    <form action={dispatch} className="grid gap-3">
      <Label htmlFor="synonyms">Rules</Label>
      <Textarea
        id="synonyms"
        name="synonyms"
        rows={12}
        maxLength={view.maxChars}
        defaultValue={view.text}
        placeholder={EXAMPLE}
        spellCheck={false}
        className="font-mono text-sm"
        aria-invalid={state.status === 'error' || undefined}
        aria-describedby="synonyms-hint"
      />
      <p id="synonyms-hint" className="text-xs text-muted-foreground">
        Applies to the next search and chat message. Every line must read, or nothing is saved.
      </p>
      {state.status === 'error' && (
        <Alert variant="destructive" data-testid="synonyms-error">
          <AlertCircle className="size-4" aria-hidden />
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      )}
      {state.status === 'saved' && (
        <Alert data-testid="synonyms-saved">
          <CheckCircle2 className="size-4" aria-hidden />
          <AlertDescription>
            Saved: {state.rules} {state.rules === 1 ? 'rule' : 'rules'} in force.
          </AlertDescription>
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save synonyms'}
        </Button>
      </div>
    </form>
  );
}
