'use client';

import { AlertCircle, FlaskConical } from 'lucide-react';
import Link from 'next/link';
import { startTransition, useActionState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import type { TryState } from '@/lib/console/golden/form-state';
import { GOLDEN_LANG_NAMES, GOLDEN_LANGS, type GoldenLang } from '@/lib/console/golden/schema';
import type { TryResult } from '@/lib/console/golden/try-it';
import { cn } from '@/lib/ui/cn';
import { Field } from './field';
import { NativeSelect } from './native-select';

type Action = (state: TryState, form: FormData) => Promise<TryState>;

const USE_LABEL: Record<TryResult['use'], string> = {
  verbatim: 'Answered verbatim',
  source: 'Used as a source',
  none: 'Not used',
};

/** Type a question: see the golden matches with their scores and what the chat would answer. */
export function TryIt({ action, defaultLang = 'en' }: { action: Action; defaultLang?: GoldenLang }) {
  const [state, dispatch, pending] = useActionState<TryState, FormData>(action, { status: 'idle' });
  return (
    <Card data-testid="golden-try">
      <CardHeader>
        <CardTitle>Try it</CardTitle>
        <CardDescription>A question as a customer would ask it: the golden matches, scored as the chat scores them, and what the chat would answer.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/* Not reset after a run: the question stays for the next try. */}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            startTransition(() => dispatch(data));
          }}
          className="grid gap-3"
        >
          <Field id="golden-try-question" label="Question">
            <Textarea id="golden-try-question" name="question" rows={2} required maxLength={2000} placeholder="How do I restart my Box 5?" />
          </Field>
          <Field id="golden-try-lang" label="Language">
            <NativeSelect id="golden-try-lang" name="lang" defaultValue={defaultLang}>
              {GOLDEN_LANGS.map((l) => (
                <option key={l} value={l}>
                  {GOLDEN_LANG_NAMES[l]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button type="submit" disabled={pending} className="justify-self-start" data-testid="golden-try-submit">
            <FlaskConical aria-hidden /> {pending ? 'Trying…' : 'Try'}
          </Button>
        </form>
        <div aria-live="polite" aria-busy={pending}>
          {state.status === 'error' && (
            <Alert variant="destructive">
              <AlertCircle aria-hidden />
              <AlertDescription>{state.message}</AlertDescription>
            </Alert>
          )}
          {state.status === 'done' && <TryOutcome result={state.result} />}
        </div>
      </CardContent>
    </Card>
  );
}

function TryOutcome({ result }: { result: TryResult }) {
  const chat = result.chat;
  return (
    <div className="grid gap-4" data-testid="golden-try-result" data-use={result.use} data-outcome={chat.outcome}>
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={result.use === 'verbatim' ? 'success' : result.use === 'source' ? 'secondary' : 'outline'} data-testid="golden-try-use">
            {USE_LABEL[result.use]}
          </Badge>
          <span className="text-xs text-muted-foreground">threshold {result.threshold.toFixed(2)}</span>
        </div>
        <p className="text-sm">{result.reason}</p>
        {result.matchLang !== result.lang && (
          <p className="text-sm text-muted-foreground" data-testid="golden-try-language">
            The chat reads this question as {GOLDEN_LANG_NAMES[result.matchLang]} (you chose {GOLDEN_LANG_NAMES[result.lang]}), so it matches it against the{' '}
            {GOLDEN_LANG_NAMES[result.matchLang]} golden answers.
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">The chat would answer</h3>
        <div className="rounded-lg border bg-muted/50 p-3 text-sm" data-testid="golden-try-answer">
          <p className="mb-1 text-xs text-muted-foreground">
            outcome: <span className="font-mono">{chat.outcome}</span>
            {chat.golden && (
              <>
                {' '}
                · golden <span className="font-mono">{chat.golden.id}</span> ({chat.golden.score.toFixed(2)}, {chat.golden.used})
              </>
            )}
          </p>
          <p className="whitespace-pre-wrap">{chat.text || '—'}</p>
          {chat.citations.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs">
              {chat.citations.map((c, i) => (
                <li key={`${c.url}-${i}`}>
                  [{i + 1}]{' '}
                  <Link href={c.url} className="text-primary underline-offset-4 hover:underline">
                    {c.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Best golden matches in {GOLDEN_LANG_NAMES[result.matchLang]}</h3>
        {result.matches.length === 0 ? (
          <p className="text-sm text-muted-foreground">There are no golden answers in this language yet.</p>
        ) : (
          <ol className="grid gap-2" data-testid="golden-try-matches">
            {result.matches.map((m) => {
              const verbatim = m.score >= result.threshold;
              const source = !verbatim && m.score >= result.sourceThreshold;
              return (
                <li key={m.id} className="grid gap-1" data-testid="golden-try-match" data-id={m.id}>
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <Link href={`/admin/golden/${encodeURIComponent(m.id)}`} className="min-w-0 truncate hover:underline" title={m.question}>
                      {m.question}
                    </Link>
                    <span className="shrink-0 font-mono text-xs tabular-nums" data-testid="golden-try-score">
                      {m.score.toFixed(3)}
                    </span>
                  </div>
                  <ScoreBar score={m.score} threshold={result.threshold} className={verbatim ? 'bg-success' : source ? 'bg-primary' : 'bg-muted-foreground/50'} />
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}

function ScoreBar({ score, threshold, className }: { score: number; threshold: number; className: string }) {
  return (
    <div className="relative h-1.5 rounded-full bg-muted" aria-hidden>
      <div className={cn('h-full rounded-full', className)} style={{ width: `${Math.max(0, Math.min(1, score)) * 100}%` }} />
      <div className="absolute -top-0.5 h-2.5 w-0.5 bg-foreground/70" style={{ left: `calc(${threshold * 100}% - 1px)` }} title="threshold" />
    </div>
  );
}
