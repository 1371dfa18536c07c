import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { customers, users } from '@/lib/db/schema';

/**
 * The Lantern user that acts for a customer whose identity the host site vouched for (the
 * widget's signed token names the customer by number). A customer who never signed in to the
 * help site gets a customer user on first use: no password (nobody can sign in with it), linked
 * to that one customer. A disabled user, or an email already held by someone else, is nobody.
 */
export async function userForVerifiedCustomer(db: Db, { customerNumber }: { customerNumber: string }): Promise<{ userId: string; name: string } | undefined> {
  const [customer] = await db
    .select({ id: customers.id, userId: customers.userId, name: customers.name, email: customers.email, status: customers.status })
    .from(customers)
    .where(eq(customers.customerNumber, customerNumber))
    .limit(1);
  if (!customer) return undefined;
  if (customer.userId) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, customer.userId), eq(users.role, 'customer'), isNull(users.disabledAt)))
      .limit(1);
    return user ? { userId: user.id, name: customer.name } : undefined;
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      // Not a bcrypt hash: no password ever matches it.
      .values({ email: customer.email.trim().toLowerCase(), name: customer.name, passwordHash: '!verified-by-host-site', role: 'customer' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) return undefined;
    const linked = await tx
      .update(customers)
      .set({ userId: created.id })
      .where(and(eq(customers.id, customer.id), isNull(customers.userId)))
      .returning({ id: customers.id });
    // Another request linked it first: undo ours, use theirs next time.
    if (linked.length === 0) {
      await tx.delete(users).where(eq(users.id, created.id));
      return undefined;
    }
    return { userId: created.id, name: customer.name };
  });
}
