'use client';

import { FlaskRound } from 'lucide-react';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import type { MakeTestState } from '@/lib/conversation-tests/form-state';

type Action = (state: MakeTestState, form: FormData) => Promise<MakeTestState>;

/** "Make a test": the conversation's turns, with checks proposed from what happened, saved as a new case to edit. */
export function MakeTestButton({ conversationId, action }: { conversationId: string; action: Action }) {
  const [state, dispatch, pending] = useActionState<MakeTestState, FormData>(action, { status: 'idle' });
  return (
    <form action={dispatch} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="conversationId" value={conversationId} />
      <Button type="submit" variant="outline" size="sm" disabled={pending} data-testid="make-test">
        <FlaskRound aria-hidden /> {pending ? 'Making a test…' : 'Make a test'}
      </Button>
      {state.status === 'error' && (
        <span role="alert" className="text-sm text-destructive">
          {state.message}
        </span>
      )}
    </form>
  );
}
