import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { queryRows } from '@/lib/db/rows';
import type { Database } from '@/lib/db/client';
import { customers, users } from '@/lib/db/schema';
import { loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import type { Outcome } from '@/lib/domain/account-tools';
import { seedDemoCustomers } from '../seed';

/**
 * Test support (not a test): a migrated database with the demo users and the demo customer
 * system seeded at a fixed instant, and a reset() that reseeds the customer system between tests.
 */

/** A Monday morning in Zurich (the action evaluation set's "now" too). */
export const TEST_NOW = new Date('2026-11-23T10:00:00+01:00');

export const DEMO_EMAILS = {
  anna: 'anna.meier@example.ch',
  luca: 'luca.rossi@example.ch',
  claire: 'claire.dubois@example.ch',
  james: 'james.miller@example.com',
} as const;
export type DemoName = keyof typeof DEMO_EMAILS;

export type DemoIds = Record<DemoName, { customerId: string; userId: string }>;

export type DemoDatabase = {
  database: Database;
  ids: DemoIds;
  /** Empties the customer system and seeds it again at `now` (customer ids change). */
  reset: (now?: Date) => Promise<DemoIds>;
};

const CUSTOMER_TABLES = sql.raw(
  'approvals, audit_log, appointment_slots, appointments, devices, invoice_lines, invoices, subscriptions, customers, outages, plans, service_areas',
);

export async function demoIds(database: Database): Promise<DemoIds> {
  const rows = await database.db
    .select({ email: users.email, userId: users.id, customerId: customers.id })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId));
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const pick = (name: DemoName) => {
    const row = byEmail.get(DEMO_EMAILS[name]);
    if (!row) throw new Error(`demo customer ${name} was not seeded`);
    return { customerId: row.customerId, userId: row.userId };
  };
  return { anna: pick('anna'), luca: pick('luca'), claire: pick('claire'), james: pick('james') };
}

export async function openDemoDatabase(open: () => Promise<Database>, now: Date = TEST_NOW): Promise<DemoDatabase> {
  const database = await open();
  await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: false });
  const result: DemoDatabase = {
    database,
    ids: undefined as unknown as DemoIds,
    reset: async (at = now) => {
      await database.db.execute(sql`truncate ${CUSTOMER_TABLES} restart identity cascade`);
      const seeded = await seedDemoCustomers(database.db, { now: at });
      if (!seeded.seeded) throw new Error('the customer system was not empty after truncate');
      result.ids = await demoIds(database);
      return result.ids;
    },
  };
  await result.reset();
  return result;
}

/**
 * The usual set-up of a test suite on the demo database, as hooks of the enclosing describe:
 * opened (and seeded) once before all its tests, the customer system reseeded before each test,
 * closed after all. The returned object reads through to the opened database, so `demo.ids` are
 * the current test's (they change with every reset).
 */
export function useDemoDatabase(open: () => Promise<Database>, now: Date = TEST_NOW): DemoDatabase {
  let opened: DemoDatabase | undefined;
  const current = () => {
    if (!opened) throw new Error('the demo database is opened in beforeAll: use it inside a hook or a test');
    return opened;
  };
  beforeAll(async () => {
    opened = await openDemoDatabase(open, now);
  });
  beforeEach(async () => {
    await current().reset();
  });
  afterAll(async () => {
    await opened?.database.close();
  });
  return {
    get database() {
      return current().database;
    },
    get ids() {
      return current().ids;
    },
    reset: (at?: Date) => current().reset(at),
  };
}

const SNAPSHOT_TABLES = ['customers', 'subscriptions', 'invoices', 'invoice_lines', 'appointment_slots', 'appointments', 'devices', 'outages', 'plans', 'service_areas', 'audit_log'];

/** Every row of the customer system as one string: equal before and after means nothing changed. */
export async function snapshotCustomerSystem(database: Database): Promise<string> {
  const parts: string[] = [];
  for (const table of SNAPSHOT_TABLES) {
    const rows = await queryRows(database.db, sql`select to_jsonb(t) as row from ${sql.raw(table)} t order by t::text`);
    parts.push(`${table}:${JSON.stringify(rows.map((r) => r.row))}`);
  }
  return parts.join('\n');
}

/** The customer's audit rows, oldest first. */
export async function auditRows(database: Database, customerId: string) {
  return queryRows<{ action: string; outcome: string; reason: string | null; before: unknown; after: unknown; input: unknown; actor_user_id: string | null; approval_id: string | null }>(
    database.db,
    sql`select action, outcome, reason, before, after, input, actor_user_id, approval_id from audit_log where customer_id = ${customerId} order by id`,
  );
}

/**
 * Opens several pool connections at once (postgres.js opens them lazily), so that transactions
 * started together in a test really overlap instead of queueing behind a connection handshake.
 */
export async function warmPool(database: Database): Promise<void> {
  await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.02)`)));
}

/** The value of a successful outcome; a refusal fails the test with its reason. */
export function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}: ${outcome.message}`);
  return outcome.value;
}
