'use client';

import { useActionState } from 'react';
import type { UserActionState } from '@/app/admin/users/actions';
import { LocalTime } from '@/components/admin/golden/local-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ActionResult } from './action-result';
import { ROLE_OPTIONS, SELECT_CLASS } from './roles';

type Action = (state: UserActionState, form: FormData) => Promise<UserActionState>;

export type UserRowView = { id: string; email: string; name: string; role: string; disabled: boolean; passwordSet: boolean; lastLoginAt: string | null; self: boolean };

/** One staff member: status, role (change), disable/enable, a reset link; each action says how it went. */
export function UserRow({ user, actions }: { user: UserRowView; actions: { changeRole: Action; setDisabled: Action; resetLink: Action } }) {
  const [roleState, changeRole, rolePending] = useActionState<UserActionState, FormData>(actions.changeRole, { status: 'idle' });
  const [disabledState, setDisabled, disabledPending] = useActionState<UserActionState, FormData>(actions.setDisabled, { status: 'idle' });
  const [linkState, resetLink, linkPending] = useActionState<UserActionState, FormData>(actions.resetLink, { status: 'idle' });
  return (
    <li className="grid gap-3 py-4" data-testid="user-row" data-email={user.email}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{user.name}</span>
        <span className="break-all text-sm text-muted-foreground">{user.email}</span>
        {user.self && <Badge variant="secondary">You</Badge>}
        {/* Invited: no password yet and never signed in (single sign-on accounts have no password but do sign in). */}
        {user.disabled ? (
          <Badge variant="destructive">Disabled</Badge>
        ) : !user.passwordSet && !user.lastLoginAt ? (
          <Badge variant="secondary">Invited</Badge>
        ) : (
          <Badge variant="success">Active</Badge>
        )}
        <span className="text-xs text-muted-foreground">
          Last sign-in: {user.lastLoginAt ? <LocalTime iso={user.lastLoginAt} /> : 'never'}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <form action={changeRole} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="userId" value={user.id} />
          <label className="sr-only" htmlFor={`role-${user.id}`}>
            Role of {user.email}
          </label>
          <select id={`role-${user.id}`} name="role" defaultValue={user.role} className={`${SELECT_CLASS} max-w-[14rem]`}>
            {ROLE_OPTIONS}
          </select>
          <Button type="submit" size="sm" variant="outline" disabled={rolePending}>
            Change role
          </Button>
        </form>
        <form action={setDisabled}>
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="disabled" value={user.disabled ? 'false' : 'true'} />
          <Button type="submit" size="sm" variant={user.disabled ? 'outline' : 'destructive'} disabled={disabledPending}>
            {user.disabled ? 'Enable' : 'Disable'}
          </Button>
        </form>
        <form action={resetLink}>
          <input type="hidden" name="userId" value={user.id} />
          <Button type="submit" size="sm" variant="outline" disabled={linkPending}>
            {user.passwordSet || user.lastLoginAt ? 'Reset password' : 'New invitation link'}
          </Button>
        </form>
      </div>
      <ActionResult state={roleState} />
      <ActionResult state={disabledState} />
      <ActionResult state={linkState} />
    </li>
  );
}
