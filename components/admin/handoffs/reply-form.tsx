'use client';

import { Send } from 'lucide-react';
import { useActionState, useRef } from 'react';
import { ActionMessage } from '@/components/admin/conversations/action-message';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { IDLE, type ConsoleActionState } from '@/lib/console/conversations/action-state';
import { replyHandoffAction } from '@/lib/console/handoffs/actions';

/** The expert's reply: stored in the customer's conversation, where their chat picks it up. */
export function ReplyForm({ handoffId }: { handoffId: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, action, pending] = useActionState<ConsoleActionState, FormData>(async (previous: ConsoleActionState, form: FormData) => {
    const next = await replyHandoffAction(previous, form);
    if (next.status === 'ok') formRef.current?.reset();
    return next;
  }, IDLE);
  return (
    <form ref={formRef} action={action} className="grid gap-2" data-testid="handoff-reply-form">
      <input type="hidden" name="handoffId" value={handoffId} />
      <label htmlFor="handoff-reply" className="text-sm font-medium">
        Reply to the customer
      </label>
      <Textarea id="handoff-reply" name="content" required maxLength={4000} rows={4} placeholder="Write in the customer's language. They see it in their chat." data-testid="handoff-reply-input" />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending} data-testid="handoff-reply-submit">
          <Send aria-hidden /> {pending ? 'Sending…' : 'Send reply'}
        </Button>
        <ActionMessage state={state} testId="handoff-reply-status" />
      </div>
    </form>
  );
}
