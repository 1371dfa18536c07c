'use client';

import { Sparkles } from 'lucide-react';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { IDLE, type ConsoleActionState } from '@/lib/console/conversations/action-state';
import { promoteToGoldenAction } from '@/lib/console/conversations/actions';
import { LOCALES, LOCALE_NAMES } from '@/lib/i18n/locales';
import { ActionMessage } from './action-message';

export type PromoteDefaults = { question: string; answer: string; lang: string; sourceIds: string[] };

/**
 * Promote an answer to a golden answer: prefilled with the customer's question and the answer,
 * both editable (the expert writes the corrected answer), the language and the cited articles.
 */
export function PromoteForm({ messageId, defaults, existing }: { messageId: string; defaults: PromoteDefaults; existing: boolean }) {
  const [state, action, pending] = useActionState<ConsoleActionState, FormData>(promoteToGoldenAction, IDLE);
  const id = (name: string) => `promote-${name}-${messageId}`;
  return (
    <details className="rounded-lg border text-sm" data-testid="promote" open={state.status !== 'idle' || undefined}>
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 font-medium [&::-webkit-details-marker]:hidden" data-testid="promote-open">
        <Sparkles className="size-4 text-primary" aria-hidden />
        {existing ? 'Update the golden answer made from this answer' : 'Promote to golden answer'}
      </summary>
      <form action={action} className="grid gap-3 border-t p-3" data-testid="promote-form">
        <input type="hidden" name="messageId" value={messageId} />
        <div className="grid gap-1.5">
          <label htmlFor={id('question')} className="text-xs font-medium text-muted-foreground">
            Question (as customers ask it)
          </label>
          <Textarea id={id('question')} name="question" required maxLength={2000} rows={2} defaultValue={defaults.question} data-testid="promote-question" />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={id('answer')} className="text-xs font-medium text-muted-foreground">
            Answer (given verbatim: correct it here)
          </label>
          <Textarea id={id('answer')} name="answer" required maxLength={8000} rows={6} defaultValue={defaults.answer} data-testid="promote-answer" />
        </div>
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <div className="grid gap-1.5">
            <label htmlFor={id('lang')} className="text-xs font-medium text-muted-foreground">
              Language
            </label>
            <select id={id('lang')} name="lang" defaultValue={defaults.lang} className="h-10 rounded-md border border-input bg-background px-3 text-sm" data-testid="promote-lang">
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={id('sources')} className="text-xs font-medium text-muted-foreground">
              Source article ids (comma-separated)
            </label>
            <Input id={id('sources')} name="sourceIds" maxLength={2000} defaultValue={defaults.sourceIds.join(', ')} data-testid="promote-sources" />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={pending} data-testid="promote-submit">
            {pending ? 'Saving…' : existing ? 'Update golden answer' : 'Create golden answer'}
          </Button>
          <ActionMessage state={state} testId="promote-status" />
        </div>
      </form>
    </details>
  );
}
