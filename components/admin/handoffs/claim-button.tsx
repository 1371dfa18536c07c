'use client';

import { Hand } from 'lucide-react';
import { useActionState } from 'react';
import { ActionMessage } from '@/components/admin/conversations/action-message';
import { Button } from '@/components/ui/button';
import { IDLE, type ConsoleActionState } from '@/lib/console/conversations/action-state';
import { claimHandoffAction } from '@/lib/console/handoffs/actions';

/** Claims a hand-off. From the queue it then opens it; a lost race says who was faster. */
export function ClaimButton({ handoffId, openAfter }: { handoffId: string; openAfter: boolean }) {
  const [state, action, pending] = useActionState<ConsoleActionState, FormData>(claimHandoffAction, IDLE);
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="handoffId" value={handoffId} />
      {openAfter && <input type="hidden" name="open" value="1" />}
      <Button type="submit" size="sm" disabled={pending} data-testid="handoff-claim">
        <Hand aria-hidden /> {pending ? 'Claiming…' : 'Claim'}
      </Button>
      <ActionMessage state={state} testId="handoff-claim-status" />
    </form>
  );
}
