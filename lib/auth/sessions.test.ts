import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { createUser, endSessions, findSessionUser, upsertUser } from '@/lib/db/queries/users';
import { users } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { verifyLogin } from './login';
import { hashPassword } from './password';

const limits = { max: 5, windowSeconds: 600 };

describe.each(testBackends())('sessions end on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function signIn(email: string, password: string) {
    const result = await verifyLogin(database.db, { credentials: { email, password }, ip: '10.1.0.1', limits });
    if (!result.ok) throw new Error(`sign-in refused: ${result.reason}`);
    return result.user;
  }

  it('a sign-in carries the current session version; the token is a session while it matches', async () => {
    await createUser(database.db, { email: 'una@example.com', name: 'Una', passwordHash: await hashPassword('first pass'), role: 'customer' });
    const token = await signIn('una@example.com', 'first pass');
    expect(token.sessionVersion).toBe(0);
    expect(await findSessionUser(database.db, { id: token.id, sessionVersion: token.sessionVersion })).toMatchObject({ email: 'una@example.com', role: 'customer' });
    expect(await findSessionUser(database.db, { id: token.id, sessionVersion: 1 })).toBeUndefined();
    for (const id of ['42', `${token.id} `]) expect(await findSessionUser(database.db, { id, sessionVersion: 0 })).toBeUndefined();
  });

  it('sign-out ends every copy of the token, and a stale token signing out ends nothing newer', async () => {
    const old = await signIn('una@example.com', 'first pass');
    expect(await endSessions(database.db, { id: old.id, from: old.sessionVersion })).toBe(true);
    expect(await findSessionUser(database.db, { id: old.id, sessionVersion: old.sessionVersion })).toBeUndefined();

    const fresh = await signIn('una@example.com', 'first pass');
    expect(fresh.sessionVersion).toBe(old.sessionVersion + 1);
    // The old cookie, replayed at the sign-out endpoint, does not end the new session.
    expect(await endSessions(database.db, { id: old.id, from: old.sessionVersion })).toBe(false);
    expect(await findSessionUser(database.db, { id: fresh.id, sessionVersion: fresh.sessionVersion })).toBeDefined();
  });

  it('a password change (reset by upsert) ends the sessions, and the new password signs in', async () => {
    const before = await signIn('una@example.com', 'first pass');
    await upsertUser(database.db, { email: 'una@example.com', name: 'Una', passwordHash: await hashPassword('second pass'), role: 'customer' });
    expect(await findSessionUser(database.db, { id: before.id, sessionVersion: before.sessionVersion })).toBeUndefined();
    expect((await verifyLogin(database.db, { credentials: { email: 'una@example.com', password: 'first pass' }, ip: '10.1.0.2', limits })).ok).toBe(false);
    const after = await signIn('una@example.com', 'second pass');
    expect(await findSessionUser(database.db, { id: after.id, sessionVersion: after.sessionVersion })).toBeDefined();
  });

  it('a disabled user cannot sign in, and their live sessions end at once', async () => {
    const live = await signIn('una@example.com', 'second pass');
    await database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, live.id));
    expect(await findSessionUser(database.db, { id: live.id, sessionVersion: live.sessionVersion })).toBeUndefined();
    const refused = await verifyLogin(database.db, { credentials: { email: 'una@example.com', password: 'second pass' }, ip: '10.1.0.3', limits });
    expect(refused).toEqual({ ok: false, reason: 'invalid' });
  });
});
