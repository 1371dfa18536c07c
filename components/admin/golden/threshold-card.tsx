'use client';

import { AlertCircle, CheckCircle2, RotateCcw } from 'lucide-react';
import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import type { ThresholdState } from '@/lib/console/golden/form-state';
import { describedBy, Field } from './field';
import { LocalTime } from './local-time';

export type ThresholdView = {
  value: number;
  source: 'setting' | 'config';
  configured: number;
  sourceThreshold: number;
  updatedAt: string | null;
  updatedByName: string | null;
};

type Action = (state: ThresholdState, form: FormData) => Promise<ThresholdState>;

/** The match threshold: shown to everyone, editable with golden:write (the action checks again). */
export function ThresholdCard({ threshold, action }: { threshold: ThresholdView; action?: Action }) {
  return (
    <Card data-testid="golden-threshold">
      <CardHeader>
        <CardTitle>Match threshold</CardTitle>
        <CardDescription>
          A chat question at least this similar to a golden question gets its answer verbatim, without a model. 0 always uses the best golden answer in
          the customer&apos;s language; 1 only exact matches.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <p className="text-3xl font-semibold tabular-nums" data-testid="golden-threshold-value">
            {threshold.value.toFixed(2)}
          </p>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="golden-threshold-origin">
            {threshold.source === 'setting' ? (
              <>
                Set by {threshold.updatedByName ?? 'a deleted user'}
                {threshold.updatedAt && (
                  <>
                    {' · '}
                    <LocalTime iso={threshold.updatedAt} />
                  </>
                )}
              </>
            ) : (
              <>
                Default from <code className="text-xs">GOLDEN_MATCH_THRESHOLD</code>
              </>
            )}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            Weaker matches from {threshold.sourceThreshold.toFixed(2)} (<code>GOLDEN_SOURCE_THRESHOLD</code>) become the generator&apos;s first source.
          </p>
        </div>
        {action && <ThresholdForm threshold={threshold} action={action} />}
      </CardContent>
    </Card>
  );
}

function ThresholdForm({ threshold, action }: { threshold: ThresholdView; action: Action }) {
  const [state, dispatch, pending] = useActionState<ThresholdState, FormData>(action, { status: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const error = state.status === 'error' ? state.message : undefined;
  // Back to the default: show the value now in force in the input too.
  useEffect(() => {
    if (state.status === 'saved' && state.value === null && inputRef.current) inputRef.current.value = threshold.configured.toFixed(2);
  }, [state, threshold.configured]);
  const hint = 'Between 0.00 and 1.00, two decimals at most. Applies to the next chat message.';
  const send = (intent: 'save' | 'reset') => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set('intent', intent);
    startTransition(() => dispatch(data));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send('save');
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} className="grid gap-3" noValidate>
      <Field id="golden-threshold-input" label="New threshold" hint={hint} error={error}>
        <Input
          ref={inputRef}
          id="golden-threshold-input"
          name="threshold"
          type="number"
          inputMode="decimal"
          min={0}
          max={1}
          step={0.01}
          defaultValue={threshold.value.toFixed(2)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy('golden-threshold-input', hint, error)}
          className="w-32 tabular-nums"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending} data-testid="golden-threshold-save">
          {pending ? 'Saving…' : 'Save threshold'}
        </Button>
        {threshold.source === 'setting' && (
          <Button type="button" size="sm" variant="ghost" disabled={pending} onClick={() => send('reset')}>
            <RotateCcw aria-hidden /> Use default ({threshold.configured.toFixed(2)})
          </Button>
        )}
      </div>
      <div aria-live="polite">
        {state.status === 'saved' && (
          <Alert data-testid="golden-threshold-saved">
            <CheckCircle2 className="text-success" aria-hidden />
            <AlertDescription>
              {state.value === null ? 'Back to the default.' : <>Saved: <Badge variant="secondary">{state.value.toFixed(2)}</Badge></>}
            </AlertDescription>
          </Alert>
        )}
        {state.status === 'error' && state.code !== 'invalid' && (
          <Alert variant="destructive">
            <AlertCircle aria-hidden />
            <AlertDescription>{state.message}</AlertDescription>
          </Alert>
        )}
      </div>
    </form>
  );
}
