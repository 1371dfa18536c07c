import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLogin } from '@/lib/auth/login';
import { hashPassword } from '@/lib/auth/password';
import type { Database } from './client';
import { activeDemoHint } from './demo-hint';
import { markLegacyDemoAccounts, reconcileDemoAccounts } from './demo-accounts';
import { createUser, findSessionUser, findUserByEmail, listActiveDemoEmails } from './queries/users';
import { loadDemoUsers, seedDemoUsers } from './seed';
import { testBackends } from './test-databases';

const demo = loadDemoUsers();
const limits = { max: 50, windowSeconds: 600 };

describe.each(testBackends())('demo accounts on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  const signIn = (email: string, password = demo.password) =>
    verifyLogin(database.db, { credentials: { email, password }, ip: '10.2.0.1', limits });

  it('the seeder marks what it seeds as demo accounts', async () => {
    await seedDemoUsers(database.db, { demo, force: false });
    expect(await listActiveDemoEmails(database.db)).toEqual(demo.users.map((u) => u.email).sort());
    expect((await findUserByEmail(database.db, { email: 'admin@alpenwave.example' }))?.demo).toBe(true);
  });

  it('SEED_DEMO=never disables them: sign-in refused, sessions ended, no hint; turning it on re-enables them', async () => {
    await createUser(database.db, { email: 'real@corp.example', name: 'Real', passwordHash: await hashPassword('real password'), role: 'admin' });
    const before = await signIn('expert@alpenwave.example');
    if (!before.ok) throw new Error('demo sign-in should work');
    expect(await activeDemoHint(database.db)).toMatchObject({ password: demo.password });

    const off = await reconcileDemoAccounts(database.db, { demo, policy: 'disable' });
    expect(off).toMatchObject({ disabled: demo.users.length, active: 0 });
    expect(await signIn('expert@alpenwave.example')).toEqual({ ok: false, reason: 'invalid' });
    expect(await findSessionUser(database.db, { id: before.user.id, sessionVersion: before.user.sessionVersion })).toBeUndefined();
    expect(await activeDemoHint(database.db)).toBeUndefined();
    // Real users are untouched.
    expect((await signIn('real@corp.example', 'real password')).ok).toBe(true);
    // Idempotent.
    expect(await reconcileDemoAccounts(database.db, { demo, policy: 'disable' })).toMatchObject({ disabled: 0, active: 0 });
    // 'keep' (SEED_DEMO=auto on PostgreSQL) leaves them disabled.
    expect(await reconcileDemoAccounts(database.db, { demo, policy: 'keep' })).toMatchObject({ disabled: 0, enabled: 0, active: 0 });

    const on = await reconcileDemoAccounts(database.db, { demo, policy: 'enable' });
    expect(on).toMatchObject({ enabled: demo.users.length, active: demo.users.length });
    expect((await signIn('expert@alpenwave.example')).ok).toBe(true);
    // A session ended by disabling stays ended.
    expect(await findSessionUser(database.db, { id: before.user.id, sessionVersion: before.user.sessionVersion })).toBeUndefined();
    expect((await activeDemoHint(database.db))?.users.map((u) => u.email)).toEqual(demo.users.map((u) => u.email));
  });
});

describe.each(testBackends())('demo accounts seeded before they were marked, on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    // What an older version left: the demo list with the published password (one hash for all,
    // as the seeder did), one demo email whose owner changed the password, and a real user.
    const published = await hashPassword(demo.password);
    for (const user of demo.users.slice(0, 3)) await createUser(database.db, { ...user, passwordHash: published });
    await createUser(database.db, { ...demo.users[3]!, passwordHash: await hashPassword('changed by its owner') });
    await createUser(database.db, { email: 'real@corp.example', name: 'Real', passwordHash: published, role: 'admin' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('marks those whose email is in the list and whose password is still the published one, once', async () => {
    expect(await listActiveDemoEmails(database.db)).toEqual([]);
    expect(await markLegacyDemoAccounts(database.db, { demo })).toBe(3);
    expect(await listActiveDemoEmails(database.db)).toEqual(demo.users.slice(0, 3).map((u) => u.email).sort());
    expect((await findUserByEmail(database.db, { email: demo.users[3]!.email }))?.demo).toBe(false);
    // Not on the list, even with the demo password: not a demo account.
    expect((await findUserByEmail(database.db, { email: 'real@corp.example' }))?.demo).toBe(false);

    // Once per database: a later start does not check (bcrypt) again.
    await createUser(database.db, { ...demo.users[4]!, passwordHash: await hashPassword(demo.password) });
    expect(await markLegacyDemoAccounts(database.db, { demo })).toBe(0);
  });

  it('and SEED_DEMO=never then disables them', async () => {
    const state = await reconcileDemoAccounts(database.db, { demo, policy: 'disable' });
    expect(state).toMatchObject({ marked: 0, disabled: 3, active: 0 });
    expect((await signIn(database, 'admin@alpenwave.example')).ok).toBe(false);
  });
});

function signIn(database: Database, email: string) {
  return verifyLogin(database.db, { credentials: { email, password: demo.password }, ip: '10.2.0.2', limits });
}
