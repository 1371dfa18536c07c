import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLogin } from '@/lib/auth/login';
import { hashPassword } from '@/lib/auth/password';
import type { Database } from './client';
import { countUsers, createUser, findUserByEmail } from './queries/users';
import { loadDemoUsers, seedDemoUsers } from './seed';
import { testBackends } from './test-databases';

const demo = loadDemoUsers();

describe.each(testBackends())('demo seed on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('ships one account per role plus several customers', () => {
    const roles = demo.users.map((u) => u.role);
    for (const role of ['admin', 'expert', 'analyst'] as const) expect(roles).toContain(role);
    expect(roles.filter((r) => r === 'customer').length).toBeGreaterThanOrEqual(3);
  });

  it('seeds an empty database, and the demo password signs in', async () => {
    expect(await seedDemoUsers(database.db, { demo, force: false })).toEqual({ seeded: true, users: demo.users.length });
    const result = await verifyLogin(database.db, {
      credentials: { email: 'expert@alpenwave.example', password: demo.password },
      ip: '127.0.0.1',
      limits: { max: 5, windowSeconds: 60 },
    });
    expect(result).toMatchObject({ ok: true, user: { role: 'expert' } });
  });

  it('never seeds a database that already has users unless forced', async () => {
    await createUser(database.db, { email: 'owner@corp.example', name: 'Owner', passwordHash: await hashPassword('x'), role: 'admin' });
    const before = await countUsers(database.db);
    expect(await seedDemoUsers(database.db, { demo, force: false })).toEqual({ seeded: false, reason: 'has_users' });
    expect(await countUsers(database.db)).toBe(before);
    // Forcing resets demo accounts only.
    await seedDemoUsers(database.db, { demo, force: true });
    expect(await countUsers(database.db)).toBe(before);
    expect((await findUserByEmail(database.db, { email: 'owner@corp.example' }))?.role).toBe('admin');
  });
});
