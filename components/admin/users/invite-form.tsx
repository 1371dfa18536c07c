'use client';

import { useActionState } from 'react';
import type { UserActionState } from '@/app/admin/users/actions';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ActionResult } from './action-result';
import { ROLE_OPTIONS, SELECT_CLASS } from './roles';

type Action = (state: UserActionState, form: FormData) => Promise<UserActionState>;

/** Invite a staff member: they get a one-time link to set their password (no email is sent: you pass it on). */
export function InviteForm({ action }: { action: Action }) {
  const [state, dispatch, pending] = useActionState<UserActionState, FormData>(action, { status: 'idle' });
  return (
    <form action={dispatch} className="grid gap-3" data-testid="invite-form">
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="invite-email">Email</Label>
          <Input id="invite-email" name="email" type="email" required maxLength={200} autoComplete="off" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-name">Name</Label>
          <Input id="invite-name" name="name" required maxLength={200} autoComplete="off" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-role">Role</Label>
          <select id="invite-role" name="role" defaultValue="expert" className={`${SELECT_CLASS} w-full min-w-0`}>
            {ROLE_OPTIONS}
          </select>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Inviting…' : 'Invite'}
        </Button>
      </div>
      <ActionResult state={state} />
    </form>
  );
}
