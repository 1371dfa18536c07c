import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, users } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { resolveCustomer } from './customers';
import { useDemoDatabase } from './testing';
import { userForVerifiedCustomer } from './verified-customer';

describe.each(testBackends())('a customer verified by the host site, on $name', ({ open }) => {
  const demo = useDemoDatabase(open);

  it("acts as the customer's own user when they have one", async () => {
    expect(await userForVerifiedCustomer(demo.database.db, { customerNumber: 'AW-10482736' })).toEqual({ userId: demo.ids.anna.userId, name: 'Anna Meier' });
  });

  it('gives a customer without a user one, once, with no usable password, linked to them only', async () => {
    const db = demo.database.db;
    const first = await userForVerifiedCustomer(db, { customerNumber: 'AW-20000011' });
    expect(first?.name).toBe('Peter Keller');
    expect(await userForVerifiedCustomer(db, { customerNumber: 'AW-20000011' })).toEqual(first);
    const [user] = await db.select().from(users).where(eq(users.id, first!.userId));
    expect(user).toMatchObject({ email: 'peter.keller@example.net', role: 'customer' });
    expect(user!.passwordHash.startsWith('$2')).toBe(false);
    const resolved = await resolveCustomer(db, { userId: first!.userId });
    expect(resolved.ok && resolved.value.customerNumber).toBe('AW-20000011');
  });

  it('is nobody for an unknown number, a disabled user, or an email held by another user', async () => {
    const db = demo.database.db;
    expect(await userForVerifiedCustomer(db, { customerNumber: 'AW-99999999' })).toBeUndefined();
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, demo.ids.anna.userId));
    expect(await userForVerifiedCustomer(db, { customerNumber: 'AW-10482736' })).toBeUndefined();
    await db.update(users).set({ disabledAt: null }).where(eq(users.id, demo.ids.anna.userId));
    // Ruth's email now belongs to a staff user: never taken over.
    await db.insert(users).values({ email: 'ruth.aebi@example.net', name: 'Ruth (staff)', passwordHash: 'x', role: 'expert' });
    expect(await userForVerifiedCustomer(db, { customerNumber: 'AW-20000012' })).toBeUndefined();
    const [ruth] = await db.select({ userId: customers.userId }).from(customers).where(eq(customers.customerNumber, 'AW-20000012'));
    expect(ruth?.userId).toBeNull();
  });
});
