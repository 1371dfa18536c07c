'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import type { SetPasswordState } from '@/app/set-password/[token]/actions';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Action = (state: SetPasswordState, form: FormData) => Promise<SetPasswordState>;

export function SetPasswordForm({ action, minLength }: { action: Action; minLength: number }) {
  const [state, dispatch, pending] = useActionState<SetPasswordState, FormData>(action, { status: 'idle' });
  if (state.status === 'done') {
    return (
      <div role="status" className="grid gap-3 text-sm">
        <p>Your password is set. Sign in as {state.email}.</p>
        <Button asChild>
          <Link href="/login?callbackUrl=%2Fadmin">Sign in</Link>
        </Button>
      </div>
    );
  }
  return (
    <form action={dispatch} className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="password">New password</Label>
        <Input id="password" name="password" type="password" required minLength={minLength} maxLength={200} autoComplete="new-password" />
        <p className="text-xs text-muted-foreground">At least {minLength} characters.</p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="confirm">Repeat it</Label>
        <Input id="confirm" name="confirm" type="password" required maxLength={200} autoComplete="new-password" />
      </div>
      {state.status === 'error' && (
        <p role="alert" className="text-sm text-destructive">
          {state.message}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Set password'}
      </Button>
    </form>
  );
}
