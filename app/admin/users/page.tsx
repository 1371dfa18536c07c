import type { Metadata } from 'next';
import { LocalTime } from '@/components/admin/golden/local-time';
import { InviteForm } from '@/components/admin/users/invite-form';
import { UserRow } from '@/components/admin/users/user-row';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { countCustomerAccounts, listStaff, listStaffAudit } from '@/lib/console/users/service';
import { getDatabase } from '@/lib/db';
import { changeRoleAction, inviteAction, resetLinkAction, setDisabledAction } from './actions';

export const metadata: Metadata = { title: 'Users' };
export const dynamic = 'force-dynamic';

const AUDIT_LABELS: Record<string, string> = {
  user_invited: 'invited',
  role_changed: 'changed the role of',
  user_disabled: 'disabled',
  user_enabled: 'enabled',
  password_reset_link: 'made a reset link for',
  password_set: 'set a password:',
};

/** /admin/users — staff accounts, for admins: invite, roles, disable, reset links, and the audit of every change. */
export default async function UsersPage() {
  const me = await requirePagePermission('users:manage', { from: '/admin/users' });
  const { db } = await getDatabase();
  const [staff, customers, audit] = await Promise.all([listStaff(db), countCustomerAccounts(db), listStaffAudit(db, { limit: 50 })]);
  const actions = { changeRole: changeRoleAction, setDisabled: setDisabledAction, resetLink: resetLinkAction };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Users</h1>
        <p className="text-sm text-muted-foreground">
          Staff accounts. Customers sign up on the help site ({customers} customer {customers === 1 ? 'account' : 'accounts'}); they are not managed here.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Invite someone</CardTitle>
          <CardDescription>They get a one-time link to set their password. No email is sent: pass the link on yourself.</CardDescription>
        </CardHeader>
        <CardContent>
          <InviteForm action={inviteAction} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Staff</CardTitle>
          <CardDescription>Disabling someone ends their sessions at once. There is always at least one active admin.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y" data-testid="staff-list">
            {staff.map((u) => (
              <UserRow
                key={u.id}
                actions={actions}
                user={{ id: u.id, email: u.email, name: u.name, role: u.role, disabled: u.disabled, passwordSet: u.passwordSet, lastLoginAt: u.lastLoginAt?.toISOString() ?? null, self: u.id === me.id }}
              />
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Changes</CardTitle>
          <CardDescription>Every change to an account, newest first (the last 50).</CardDescription>
        </CardHeader>
        <CardContent>
          {audit.length === 0 ? (
            <p className="text-sm text-muted-foreground">No changes yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm" data-testid="staff-audit">
              {audit.map((a) => (
                <li key={a.id} className="flex flex-wrap gap-x-2">
                  <LocalTime iso={a.at.toISOString()} className="text-muted-foreground" />
                  <span>
                    {a.actorEmail ?? 'someone'} {AUDIT_LABELS[a.action] ?? a.action} {a.targetEmail}
                    {a.detail.from && a.detail.to ? ` (${a.detail.from} → ${a.detail.to})` : a.detail.role ? ` as ${a.detail.role}` : a.detail.via ? ` from the ${a.detail.via} link` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
