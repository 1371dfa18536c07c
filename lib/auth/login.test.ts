import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { createUser, EmailTakenError, findUserByEmail, findUserById } from '@/lib/db/queries/users';
import { testBackends } from '@/lib/db/test-databases';
import { verifyLogin } from './login';
import { hashPassword } from './password';

const limits = { max: 3, windowSeconds: 600 };

describe.each(testBackends())('login on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await createUser(database.db, {
      email: 'Expert@Example.com',
      name: 'Eva Expert',
      passwordHash: await hashPassword('correct horse'),
      role: 'expert',
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('accepts the right password, case-insensitively on the email, and records the login', async () => {
    const result = await verifyLogin(database.db, {
      credentials: { email: ' expert@EXAMPLE.com', password: 'correct horse' },
      ip: '10.0.0.1',
      limits,
    });
    expect(result).toMatchObject({ ok: true, user: { email: 'expert@example.com', role: 'expert' } });
    expect((await findUserByEmail(database.db, { email: 'expert@example.com' }))?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('finds a session’s user by id; an id that is not a UUID is nobody, not a database error', async () => {
    const user = await findUserByEmail(database.db, { email: 'expert@example.com' });
    expect(await findUserById(database.db, { id: user!.id })).toMatchObject({ email: 'expert@example.com', role: 'expert' });
    expect(await findUserById(database.db, { id: crypto.randomUUID() })).toBeUndefined();
    for (const id of ['42', "1'; drop table users; --", `${user!.id} `]) expect(await findUserById(database.db, { id })).toBeUndefined();
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrong = await verifyLogin(database.db, {
      credentials: { email: 'expert@example.com', password: 'nope' },
      ip: '10.0.0.2',
      limits,
    });
    const unknown = await verifyLogin(database.db, {
      credentials: { email: 'nobody@example.com', password: 'nope' },
      ip: '10.0.0.2',
      limits,
    });
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
    expect(unknown).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses malformed credentials without touching the database', async () => {
    for (const credentials of [undefined, {}, { email: 'not-an-email', password: 'x' }, { email: 'a@b.co', password: '' }]) {
      expect(await verifyLogin(database.db, { credentials, ip: '10.0.0.3', limits })).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('locks an email on one address after too many failures, even with the right password', async () => {
    const attempt = (password: string, ip = '10.0.0.4') =>
      verifyLogin(database.db, { credentials: { email: 'expert@example.com', password }, ip, limits });
    for (let i = 0; i < limits.max; i++) expect((await attempt('bad')).ok).toBe(false);
    const locked = await attempt('correct horse');
    expect(locked).toMatchObject({ ok: false, reason: 'rate_limited' });
    if (locked.ok || locked.reason !== 'rate_limited') throw new Error('expected a rate limit');
    expect(locked.retryAfterSeconds).toBeGreaterThan(500);
    expect(locked.retryAfterSeconds).toBeLessThanOrEqual(600);
    // The real user on another address is not locked out.
    expect((await attempt('correct horse', '10.0.0.5')).ok).toBe(true);
  });

  it('refuses a second account with the same email', async () => {
    await expect(
      createUser(database.db, { email: 'EXPERT@example.com', name: 'Dup', passwordHash: 'x', role: 'admin' }),
    ).rejects.toBeInstanceOf(EmailTakenError);
  });
});

describe.each(testBackends())('login limits across addresses on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await createUser(database.db, {
      email: 'target@example.com',
      name: 'Target',
      passwordHash: await hashPassword('right'),
      role: 'customer',
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('slows an email tried from many addresses down instead of locking the real user out', async () => {
    const waits: number[] = [];
    const attempt = (password: string, ip: string) =>
      verifyLogin(database.db, { credentials: { email: 'target@example.com', password }, ip, limits, delay: async (ms) => waits.push(ms) });
    // The per-email threshold is four times the per-address limit: 12 failures from 12 addresses, no delay yet.
    for (let i = 0; i < limits.max * 4; i++) expect(await attempt('wrong', `192.0.2.${i}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(waits).toEqual([]);
    // Past it, every attempt waits longer (the attacker's too), but none is refused.
    expect(await attempt('wrong', '192.0.2.200')).toEqual({ ok: false, reason: 'invalid' });
    expect(await attempt('wrong', '192.0.2.201')).toEqual({ ok: false, reason: 'invalid' });
    expect(await attempt('right', '198.51.100.1')).toMatchObject({ ok: true });
    expect(waits).toEqual([500, 1000, 1500]);
  });
});

describe.each(testBackends())('login attempts in a burst on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await createUser(database.db, { email: 'burst@example.com', name: 'Burst', passwordHash: await hashPassword('right'), role: 'customer' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('gives 20 simultaneous wrong guesses from one address no more password checks than the limit', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => verifyLogin(database.db, { credentials: { email: 'burst@example.com', password: 'wrong' }, ip: '203.0.113.5', limits, delay: async () => {} })),
    );
    expect(results.filter((r) => !r.ok && r.reason === 'invalid')).toHaveLength(limits.max);
    expect(results.filter((r) => !r.ok && r.reason === 'rate_limited')).toHaveLength(20 - limits.max);
  });

  it('gives back the attempt of a sign-in that succeeds', async () => {
    const attempt = (password: string) => verifyLogin(database.db, { credentials: { email: 'burst@example.com', password }, ip: '203.0.113.9', limits, delay: async () => {} });
    // Many right sign-ins in a row never add up to a limit.
    for (let i = 0; i < limits.max * 3; i++) expect((await attempt('right')).ok).toBe(true);
    for (let i = 0; i < limits.max; i++) expect(await attempt('wrong')).toEqual({ ok: false, reason: 'invalid' });
    expect(await attempt('right')).toMatchObject({ ok: false, reason: 'rate_limited' });
  });
});
