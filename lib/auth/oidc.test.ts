import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { staffAudit, users } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { groupsOf, roleFromGroups, signInFromIdentityProvider } from './oidc';

const OIDC_ENV = { OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'lantern', OIDC_CLIENT_SECRET: 's' };

describe('OIDC settings', () => {
  it('maps groups to roles, the strongest winning, else the default', () => {
    const oidc = parseConfig({ ...OIDC_ENV, OIDC_ROLE_MAP: 'lantern-admins=admin, support=expert,bi=analyst' }).oidc!;
    expect(oidc.roleMap).toEqual({ 'lantern-admins': 'admin', support: 'expert', bi: 'analyst' });
    expect(roleFromGroups(['bi', 'support'], oidc)).toBe('expert');
    expect(roleFromGroups(['support', 'lantern-admins'], oidc)).toBe('admin');
    expect(roleFromGroups(['marketing'], oidc)).toBe('analyst');
    expect(roleFromGroups([], { ...oidc, defaultRole: 'none' })).toBe('none');
  });

  it('refuses a bad role map, a partial provider and password-off without a provider', () => {
    expect(() => parseConfig({ ...OIDC_ENV, OIDC_ROLE_MAP: 'support=owner' })).toThrow(/OIDC_ROLE_MAP "support=owner" is not group=role/);
    expect(() => parseConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(/go together/);
    expect(() => parseConfig({ STAFF_PASSWORD_LOGIN: 'off' })).toThrow(/STAFF_PASSWORD_LOGIN=off needs OIDC_ISSUER/);
    expect(parseConfig({}).oidc).toBeUndefined();
  });

  it('reads the groups claim as an array or a string', () => {
    expect(groupsOf({ groups: ['a', 'b', 3] }, 'groups')).toEqual(['a', 'b']);
    expect(groupsOf({ roles: 'a b,c' }, 'roles')).toEqual(['a', 'b', 'c']);
    expect(groupsOf({}, 'groups')).toEqual([]);
  });
});

describe.each(testBackends())('staff sign-in through the identity provider on $name', ({ open }) => {
  let database: Database;
  const oidc = { roleMap: { 'lantern-admins': 'admin', support: 'expert' } as const, defaultRole: 'analyst' as const };
  beforeAll(async () => {
    database = await open();
  });
  beforeEach(async () => {
    await database.db.execute(sql`truncate users, staff_audit cascade`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates the account on first sign-in and follows the groups on every sign-in, audited', async () => {
    const first = await signInFromIdentityProvider(database.db, { email: 'Olivia@Example.com', name: 'Olivia', groups: ['support'] }, oidc);
    expect(first).toMatchObject({ ok: true, user: { role: 'expert', email: 'olivia@example.com' } });
    const again = await signInFromIdentityProvider(database.db, { email: 'olivia@example.com', name: 'Olivia', groups: ['support', 'lantern-admins'] }, oidc);
    expect(again).toMatchObject({ ok: true, user: { role: 'admin' } });
    expect(first.ok && again.ok && first.user.id === again.user.id).toBe(true);
    const audit = await database.db.select().from(staffAudit).orderBy(staffAudit.id);
    expect(audit.map((a) => [a.action, a.actorEmail, a.detail])).toEqual([
      ['user_invited', 'identity provider', { role: 'expert', via: 'sso' }],
      ['role_changed', 'identity provider', { from: 'expert', to: 'admin', via: 'sso' }],
    ]);
  });

  it('gives the default role without a mapped group, and nothing with default none', async () => {
    expect(await signInFromIdentityProvider(database.db, { email: 'noah@example.com', name: 'Noah', groups: ['marketing'] }, oidc)).toMatchObject({ ok: true, user: { role: 'analyst' } });
    expect(await signInFromIdentityProvider(database.db, { email: 'mia@example.com', name: 'Mia', groups: [] }, { ...oidc, defaultRole: 'none' })).toEqual({ ok: false, reason: 'no_role' });
    expect(await database.db.select().from(users).where(eq(users.email, 'mia@example.com'))).toEqual([]);
  });

  it("never signs in a customer's account or a disabled one", async () => {
    await database.db.insert(users).values([
      { email: 'anna@example.ch', name: 'Anna', role: 'customer', passwordHash: 'x' },
      { email: 'gone@example.com', name: 'Gone', role: 'expert', passwordHash: 'x', disabledAt: new Date() },
    ]);
    expect(await signInFromIdentityProvider(database.db, { email: 'anna@example.ch', name: 'Anna', groups: ['lantern-admins'] }, oidc)).toEqual({ ok: false, reason: 'customer_account' });
    expect(await signInFromIdentityProvider(database.db, { email: 'gone@example.com', name: 'Gone', groups: ['support'] }, oidc)).toEqual({ ok: false, reason: 'disabled' });
    expect(await signInFromIdentityProvider(database.db, { email: undefined, name: 'X', groups: [] }, oidc)).toEqual({ ok: false, reason: 'no_email' });
  });
});
