'use client';

import { CircleCheck } from 'lucide-react';
import { useActionState } from 'react';
import { ActionMessage } from '@/components/admin/conversations/action-message';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { IDLE, type ConsoleActionState } from '@/lib/console/conversations/action-state';
import { closeHandoffAction } from '@/lib/console/handoffs/actions';
import { HANDOFF_OUTCOME_LABELS, HANDOFF_OUTCOMES } from '@/lib/console/handoffs/outcome';

/** Closes the hand-off with how it ended (a note is required for "Other"). */
export function CloseForm({ handoffId }: { handoffId: string }) {
  const [state, action, pending] = useActionState<ConsoleActionState, FormData>(closeHandoffAction, IDLE);
  return (
    <form action={action} className="grid gap-3" data-testid="handoff-close-form">
      <input type="hidden" name="handoffId" value={handoffId} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Outcome</legend>
        {HANDOFF_OUTCOMES.map((outcome, i) => (
          <label key={outcome} className="flex items-center gap-2 text-sm">
            <input type="radio" name="outcome" value={outcome} defaultChecked={i === 0} required className="size-4 accent-primary" data-testid={`handoff-close-outcome-${outcome}`} />
            {HANDOFF_OUTCOME_LABELS[outcome]}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor="handoff-close-note" className="text-sm font-medium">
          Note <span className="font-normal text-muted-foreground">(required for &ldquo;Other&rdquo;)</span>
        </label>
        <Textarea id="handoff-close-note" name="note" maxLength={1000} rows={2} data-testid="handoff-close-note" />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending} data-testid="handoff-close-submit">
          <CircleCheck aria-hidden /> {pending ? 'Closing…' : 'Close hand-off'}
        </Button>
        <ActionMessage state={state} testId="handoff-close-status" />
      </div>
    </form>
  );
}
