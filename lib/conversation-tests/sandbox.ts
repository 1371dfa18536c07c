import { randomUUID } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import { loadDemoCustomers, seedDemoCustomers, type DemoCustomers } from '@/lib/actions/seed';
import { shareCaches } from '@/lib/db/cache-key';
import type { Db } from '@/lib/db/client';
import {
  appointmentSlots,
  appointments,
  approvals,
  auditLog,
  customers,
  devices,
  invoiceLines,
  invoices,
  outages,
  plans,
  serviceAreas,
  subscriptions,
  users,
} from '@/lib/db/schema';

/**
 * The sandbox a conversation test runs in. Each case runs in one database transaction that is
 * always rolled back, so nothing it does stays: its conversation, messages, traces, hand-offs
 * and approvals never reach the conversation review or the insights. Inside it, the customer
 * system's tables are shadowed by empty temporary tables of the same shape (temp tables come
 * first on the search path) and filled with the test customers' fixed account state
 * (content/seed/customers.json, dated relative to the suite's clock). A test's writes — a plan
 * change, a new appointment — really run against that customer system, so read-after-write is
 * tested for real; real customers' rows are never read or written, and the next run starts from
 * the same state.
 *
 * Test customers sign in as users created inside the transaction, with an address no one can
 * use (…@sandbox.invalid), so they cannot exist outside a running test.
 */

/** The customer system: what a test may read and write, shadowed in every sandbox. */
const SHADOWED = [serviceAreas, plans, outages, customers, subscriptions, invoices, invoiceLines, appointmentSlots, appointments, devices, approvals, auditLog].map((t) =>
  getTableName(t),
);

export type Sandbox = {
  /** The transaction every query of the case runs on. */
  db: Db;
  /** The user id a test customer signs in with (seeds the customer system on first use). */
  customer(email: string): Promise<string>;
  /** A member of staff who can claim hand-offs. */
  expert(): Promise<string>;
};

export type SandboxOptions = {
  /** The suite's clock: the account state is dated relative to it. */
  now: Date;
  /** The test customers and their world (default: the demo company's fixtures). */
  fixtures?: DemoCustomers;
};

/** The emails of the test customers a case may name. */
export function testCustomerEmails(fixtures: DemoCustomers = loadDemoCustomers()): string[] {
  return fixtures.customers.map((c) => c.email.toLowerCase());
}

class Rollback extends Error {
  constructor() {
    super('sandbox rolled back');
  }
}

async function createUser(db: Db, { name, role }: { name: string; role: 'customer' | 'expert' }): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email: `${role}-${randomUUID()}@sandbox.invalid`, name, role, passwordHash: '!sandbox' })
    .returning({ id: users.id });
  return row!.id;
}

/** Runs `fn` in a fresh sandbox and rolls everything it did back; returns what `fn` returned. */
export async function inSandbox<T>(db: Db, { now, fixtures }: SandboxOptions, fn: (sandbox: Sandbox) => Promise<T>): Promise<T> {
  let out: { value: T } | null = null;
  try {
    await db.transaction(async (tx) => {
      shareCaches(tx as unknown as Db, db);
      for (const table of SHADOWED) {
        await tx.execute(sql.raw(`create temp table "${table}" (like public."${table}" including defaults including constraints including indexes) on commit drop`));
      }
      // A new search_path also makes PostgreSQL re-plan cached statements for these names.
      await tx.execute(sql`set local search_path = pg_temp, public`);
      const data = fixtures ?? loadDemoCustomers();
      let seededFor: string | null = null;
      let expertId: string | null = null;
      const sandbox: Sandbox = {
        db: tx as unknown as Db,
        async customer(email) {
          const wanted = email.toLowerCase();
          const fixture = data.customers.find((c) => c.email.toLowerCase() === wanted);
          if (!fixture) throw new Error(`No test customer ${email} (test customers: ${testCustomerEmails(data).join(', ')})`);
          if (seededFor && seededFor !== wanted) throw new Error('A test case has one customer');
          if (!seededFor) {
            const userId = await createUser(sandbox.db, { name: fixture.name, role: 'customer' });
            await seedDemoCustomers(sandbox.db, { now, data, userIdFor: async (e) => (e === wanted ? userId : null) });
            seededFor = wanted;
            return userId;
          }
          const [row] = await sandbox.db.select({ userId: customers.userId }).from(customers).where(sql`lower(${customers.email}) = ${wanted}`).limit(1);
          return row!.userId!;
        },
        async expert() {
          expertId ??= await createUser(sandbox.db, { name: 'Test agent', role: 'expert' });
          return expertId;
        },
      };
      out = { value: await fn(sandbox) };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return (out as { value: T } | null)!.value;
}
