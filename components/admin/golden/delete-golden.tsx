'use client';

import { AlertCircle, Trash2 } from 'lucide-react';
import { useActionState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { DeleteState } from '@/lib/console/golden/form-state';

type Action = (state: DeleteState, form: FormData) => Promise<DeleteState>;

/** Delete with a confirmation dialog (focus trapped, Esc cancels); the history is kept. */
export function DeleteGolden({ id, question, action }: { id: string; question: string; action: Action }) {
  const [state, dispatch, pending] = useActionState<DeleteState, FormData>(action, { status: 'idle' });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive hover:text-destructive" data-testid="golden-delete-open">
          <Trash2 aria-hidden /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Cancel">
        <DialogHeader>
          <DialogTitle>Delete this golden answer?</DialogTitle>
          <DialogDescription>
            “{question}” stops being answered verbatim with the next chat message. Its history is kept, so you can see what it said.
          </DialogDescription>
        </DialogHeader>
        {state.status === 'error' && (
          <Alert variant="destructive">
            <AlertCircle aria-hidden />
            <AlertDescription>{state.message}</AlertDescription>
          </Alert>
        )}
        <form action={dispatch}>
          <input type="hidden" name="id" value={id} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep it
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending} data-testid="golden-delete-confirm">
              {pending ? 'Deleting…' : 'Delete'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
