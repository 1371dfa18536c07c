'use client';

import { AlertCircle, Save } from 'lucide-react';
import Link from 'next/link';
import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { GoldenFormState } from '@/lib/console/golden/form-state';
import { formatFact, type Fact } from '@/lib/domain/facts';
import { GOLDEN_LANG_NAMES, GOLDEN_LANGS, GOLDEN_LIMITS, type GoldenField, type GoldenLang } from '@/lib/console/golden/schema';
import { describedBy, Field } from './field';
import { NativeSelect } from './native-select';

export type GoldenFormValues = {
  id: string;
  lang: GoldenLang;
  question: string;
  answer: string;
  sourceIds: string[];
  tags: string[];
  facts: Fact[];
  /** Edit mode: the version the editor loaded (a concurrent change then reads as a conflict). */
  updatedAt?: string;
};

type Action = (state: GoldenFormState, form: FormData) => Promise<GoldenFormState>;

const FIELD_ORDER: GoldenField[] = ['id', 'lang', 'question', 'answer', 'sourceIds', 'tags', 'facts'];

/**
 * Creates or edits a golden answer. Submits without resetting the form (so nothing typed is
 * lost on an error); the server validates everything again. Unknown article ids are a warning:
 * the expert can correct them or save anyway.
 */
export function GoldenForm({ mode, action, initial, cancelHref }: { mode: 'create' | 'edit'; action: Action; initial: GoldenFormValues; cancelHref: string }) {
  const [state, dispatch, pending] = useActionState<GoldenFormState, FormData>(action, { status: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [lengths, setLengths] = useState({ question: initial.question.length, answer: initial.answer.length });
  const errors = state.status === 'error' ? (state.fieldErrors ?? {}) : {};
  const missing = state.status === 'error' && state.code === 'missing_sources' ? (state.missingSources ?? []) : [];

  // After a failed save, move focus to the first field that needs attention (or the message).
  useEffect(() => {
    if (state.status !== 'error') return;
    const first = FIELD_ORDER.find((f) => state.fieldErrors?.[f]);
    const target = first ? formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) : summaryRef.current;
    target?.focus();
  }, [state]);

  const submit = (confirmMissingSources: boolean) => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    if (confirmMissingSources) data.set('confirmMissingSources', '1');
    startTransition(() => dispatch(data));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(false);
  };

  const idId = `golden-${mode}-id`;
  const ids = { id: idId, lang: `golden-${mode}-lang`, question: `golden-${mode}-question`, answer: `golden-${mode}-answer`, sources: `golden-${mode}-sources`, tags: `golden-${mode}-tags`, facts: `golden-${mode}-facts` };
  const hints = {
    id: mode === 'create' ? 'Lower-case letters and digits joined by - _ or ., e.g. golden-en-roaming-prices. It cannot be changed later.' : undefined,
    question: 'How a customer would ask it. Similar questions (reordered words, inflections, small typos) match too.',
    answer: 'Sent to the customer exactly as written, with the source articles as citations.',
    sources: 'Ids of the help articles that back this answer (e.g. payment-methods-en), separated by commas or spaces.',
    tags: 'Optional, separated by commas (e.g. billing, payment).',
    facts:
      'What a right answer must state, one per line: an amount, a duration, a menu path (e.g. 0.15 or Home > Restart Box). Alternatives on one line, separated by | (e.g. 30 days | 30 Tage). The answer evaluation checks every answer for them.',
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} className="grid gap-5" aria-describedby={state.status === 'error' ? 'golden-form-summary' : undefined} data-testid={`golden-form-${mode}`}>
      {state.status === 'error' && (
        <div ref={summaryRef} tabIndex={-1} className="outline-none" id="golden-form-summary">
          <Alert variant="destructive" data-testid="golden-form-error" data-code={state.code}>
            <AlertCircle aria-hidden />
            <AlertTitle>{state.code === 'missing_sources' ? 'Unknown article ids' : 'Not saved'}</AlertTitle>
            <AlertDescription>
              <p>{state.message}</p>
              {missing.length > 0 && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button type="button" size="sm" variant="outline" onClick={() => submit(true)} disabled={pending} data-testid="golden-save-anyway">
                    Save anyway
                  </Button>
                </div>
              )}
            </AlertDescription>
          </Alert>
        </div>
      )}

      {mode === 'edit' && <input type="hidden" name="updatedAt" value={initial.updatedAt ?? ''} />}
      {mode === 'edit' && <input type="hidden" name="id" value={initial.id} />}

      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_12rem]">
        {mode === 'create' ? (
          <Field id={ids.id} label="Id" hint={hints.id} error={errors.id}>
            <Input
              id={ids.id}
              name="id"
              required
              maxLength={GOLDEN_LIMITS.id}
              defaultValue={initial.id}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              aria-invalid={Boolean(errors.id)}
              aria-describedby={describedBy(ids.id, hints.id, errors.id)}
            />
          </Field>
        ) : (
          <div className="grid content-start gap-2">
            <span className="text-sm font-medium leading-none">Id</span>
            <span className="flex h-10 items-center font-mono text-sm text-muted-foreground">{initial.id}</span>
          </div>
        )}
        <Field id={ids.lang} label="Language" error={errors.lang}>
          <NativeSelect id={ids.lang} name="lang" defaultValue={initial.lang} required aria-invalid={Boolean(errors.lang)} aria-describedby={describedBy(ids.lang, undefined, errors.lang)}>
            {GOLDEN_LANGS.map((l) => (
              <option key={l} value={l}>
                {GOLDEN_LANG_NAMES[l]} ({l})
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      <Field
        id={ids.question}
        label="Question"
        hint={hints.question}
        error={errors.question}
        aside={<Counter value={lengths.question} max={GOLDEN_LIMITS.questionMax} />}
      >
        <Input
          id={ids.question}
          name="question"
          required
          minLength={GOLDEN_LIMITS.questionMin}
          maxLength={GOLDEN_LIMITS.questionMax}
          defaultValue={initial.question}
          onInput={(e) => {
            const length = e.currentTarget.value.length;
            setLengths((l) => ({ ...l, question: length }));
          }}
          aria-invalid={Boolean(errors.question)}
          aria-describedby={describedBy(ids.question, hints.question, errors.question)}
        />
      </Field>

      <Field id={ids.answer} label="Answer" hint={hints.answer} error={errors.answer} aside={<Counter value={lengths.answer} max={GOLDEN_LIMITS.answerMax} />}>
        <Textarea
          id={ids.answer}
          name="answer"
          required
          rows={7}
          maxLength={GOLDEN_LIMITS.answerMax}
          defaultValue={initial.answer}
          onInput={(e) => {
            const length = e.currentTarget.value.length;
            setLengths((l) => ({ ...l, answer: length }));
          }}
          aria-invalid={Boolean(errors.answer)}
          aria-describedby={describedBy(ids.answer, hints.answer, errors.answer)}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.sources} label="Source articles" hint={hints.sources} error={errors.sourceIds ?? (missing.length > 0 ? `Unknown: ${missing.join(', ')}` : undefined)}>
          <Input
            id={ids.sources}
            name="sourceIds"
            defaultValue={initial.sourceIds.join(', ')}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            aria-invalid={Boolean(errors.sourceIds) || missing.length > 0}
            aria-describedby={describedBy(ids.sources, hints.sources, errors.sourceIds ?? (missing.length > 0 ? 'missing' : undefined))}
          />
        </Field>
        <Field id={ids.tags} label="Tags" hint={hints.tags} error={errors.tags}>
          <Input
            id={ids.tags}
            name="tags"
            defaultValue={initial.tags.join(', ')}
            autoComplete="off"
            aria-invalid={Boolean(errors.tags)}
            aria-describedby={describedBy(ids.tags, hints.tags, errors.tags)}
          />
        </Field>
      </div>

      <Field id={ids.facts} label="Key facts" hint={hints.facts} error={errors.facts}>
        <Textarea
          id={ids.facts}
          name="facts"
          rows={3}
          defaultValue={initial.facts.map(formatFact).join('\n')}
          spellCheck={false}
          className="font-mono"
          aria-invalid={Boolean(errors.facts)}
          aria-describedby={describedBy(ids.facts, hints.facts, errors.facts)}
        />
      </Field>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending} data-testid="golden-save">
          <Save aria-hidden />
          {pending ? 'Saving…' : mode === 'create' ? 'Create golden answer' : 'Save changes'}
        </Button>
        <Button asChild variant="ghost">
          <Link href={cancelHref}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}

function Counter({ value, max }: { value: number; max: number }) {
  return (
    <span className={value > max ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'} aria-hidden>
      {value.toLocaleString('en')} / {max.toLocaleString('en')}
    </span>
  );
}
