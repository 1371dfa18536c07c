import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyLogin } from '@/lib/auth/login';
import type { Database } from '@/lib/db/client';
import { findSessionUser } from '@/lib/db/queries/users';
import { staffAudit, users } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { changeRole, createResetLink, findLink, inviteStaff, listStaff, setDisabled, setPasswordFromLink, type Actor } from './service';

async function userByEmail(database: Database, email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe.each(testBackends())('staff accounts on $name', ({ open }) => {
  let database: Database;
  let admin: Actor;
  beforeAll(async () => {
    database = await open();
  });
  beforeEach(async () => {
    await database.db.execute(sql`truncate users, user_tokens, staff_audit cascade`);
    const [row] = await database.db.insert(users).values({ email: 'root@example.com', name: 'Root', role: 'admin', passwordHash: 'x' }).returning();
    admin = { id: row!.id, email: row!.email };
  });
  afterAll(async () => {
    await database?.close();
  });

  it('invites with a one-time link; the password set from it signs in, and the link then stops working', async () => {
    const invited = await inviteStaff(database.db, admin, { email: 'eva@example.com', name: 'Eva', role: 'expert' });
    if (!invited.ok) throw new Error(invited.message);
    // No password works before one is set.
    expect((await verifyLogin(database.db, { credentials: { email: 'eva@example.com', password: '!no-password-set' }, ip: '127.0.0.8', limits: { max: 5, windowSeconds: 900 } })).ok).toBe(false);
    expect(await findLink(database.db, invited.value.token)).toEqual({ purpose: 'invite', email: 'eva@example.com', name: 'Eva' });
    expect((await listStaff(database.db)).find((u) => u.email === 'eva@example.com')).toMatchObject({ role: 'expert', passwordSet: false, disabled: false });

    const set = await setPasswordFromLink(database.db, { token: invited.value.token, password: 'a-good-long-password' });
    expect(set).toEqual({ ok: true, value: { email: 'eva@example.com' } });
    expect(await findLink(database.db, invited.value.token)).toBeUndefined();
    const again = await setPasswordFromLink(database.db, { token: invited.value.token, password: 'another-password-123' });
    expect(again).toMatchObject({ ok: false, code: 'invalid_link' });
    const login = (password: string) => verifyLogin(database.db, { credentials: { email: 'eva@example.com', password }, ip: '127.0.0.9', limits: { max: 5, windowSeconds: 900 } });
    expect((await login('a-good-long-password')).ok).toBe(true);

    const audit = await database.db.select().from(staffAudit).orderBy(staffAudit.id);
    expect(audit.map((a) => [a.action, a.actorEmail, a.targetEmail])).toEqual([
      ['user_invited', 'root@example.com', 'eva@example.com'],
      ['password_set', 'eva@example.com', 'eva@example.com'],
    ]);
  });

  it('refuses an email that already has an account', async () => {
    expect(await inviteStaff(database.db, admin, { email: 'root@example.com', name: 'Again', role: 'analyst' })).toMatchObject({ ok: false, code: 'email_taken' });
  });

  it('never leaves no active admin: demoting or disabling the last one is refused', async () => {
    expect(await changeRole(database.db, admin, { userId: admin.id, role: 'expert' })).toMatchObject({ ok: false, code: 'last_admin' });
    const other = await inviteStaff(database.db, admin, { email: 'second@example.com', name: 'Second', role: 'admin' });
    if (!other.ok) throw new Error(other.message);
    // Two admins: one may step down; then the other is the last again.
    expect(await changeRole(database.db, admin, { userId: admin.id, role: 'expert' })).toMatchObject({ ok: true, value: { from: 'admin', to: 'expert' } });
    expect(await setDisabled(database.db, admin, { userId: other.value.userId, disabled: true })).toMatchObject({ ok: false, code: 'last_admin' });
    expect((await userByEmail(database, 'second@example.com')).disabledAt).toBeNull();
  });

  it('disabling ends the sessions at once; enabling lets the user back in', async () => {
    const invited = await inviteStaff(database.db, admin, { email: 'ana@example.com', name: 'Ana', role: 'analyst' });
    if (!invited.ok) throw new Error(invited.message);
    const before = await userByEmail(database, 'ana@example.com');
    expect(await findSessionUser(database.db, { id: before.id, sessionVersion: before.sessionVersion })).toBeDefined();
    expect(await setDisabled(database.db, admin, { userId: before.id, disabled: true })).toEqual({ ok: true, value: null });
    expect(await findSessionUser(database.db, { id: before.id, sessionVersion: before.sessionVersion })).toBeUndefined();
    expect(await setDisabled(database.db, admin, { userId: admin.id, disabled: true })).toMatchObject({ ok: false, code: 'self' });
    expect(await setDisabled(database.db, admin, { userId: before.id, disabled: false })).toEqual({ ok: true, value: null });
    expect((await userByEmail(database, 'ana@example.com')).disabledAt).toBeNull();
  });

  it('a reset link replaces earlier links and the old password works until it is used', async () => {
    const invited = await inviteStaff(database.db, admin, { email: 'rob@example.com', name: 'Rob', role: 'expert' });
    if (!invited.ok) throw new Error(invited.message);
    const reset = await createResetLink(database.db, admin, { userId: invited.value.userId });
    if (!reset.ok) throw new Error(reset.message);
    expect(await findLink(database.db, invited.value.token)).toBeUndefined();
    expect(await findLink(database.db, reset.value.token)).toMatchObject({ purpose: 'reset' });
    expect(await setPasswordFromLink(database.db, { token: reset.value.token, password: 'rob-sets-a-password' })).toMatchObject({ ok: true });
    const actions = (await database.db.select().from(staffAudit).orderBy(staffAudit.id)).map((a) => a.action);
    expect(actions).toEqual(['user_invited', 'password_reset_link', 'password_set']);
  });

  it('does not manage customer accounts', async () => {
    const [customer] = await database.db.insert(users).values({ email: 'c@example.com', name: 'C', role: 'customer', passwordHash: 'x' }).returning();
    expect(await changeRole(database.db, admin, { userId: customer!.id, role: 'admin' })).toMatchObject({ ok: false, code: 'not_staff' });
    expect(await setDisabled(database.db, admin, { userId: customer!.id, disabled: true })).toMatchObject({ ok: false, code: 'not_staff' });
  });
});
