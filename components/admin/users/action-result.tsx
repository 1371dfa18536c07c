'use client';

import { CopyButton } from '@/components/admin/widget/copy-button';
import type { UserActionState } from '@/app/admin/users/actions';

/** What a users-page action said: an error, a confirmation, or a one-time link to copy. */
export function ActionResult({ state }: { state: UserActionState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <p role="alert" data-testid="user-action-error" className="text-sm text-destructive">
        {state.message}
      </p>
    );
  }
  if (state.status === 'done') {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {state.message}
      </p>
    );
  }
  return (
    <div role="status" className="grid gap-2 text-sm">
      <p>{state.message}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="user-link" className="break-all rounded bg-muted px-2 py-1 text-xs">
          {state.link}
        </code>
        <CopyButton text={state.link} label="Copy link" />
      </div>
    </div>
  );
}
