import { count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { appointmentSlots, customers, invoiceLines, invoices, plans } from '@/lib/db/schema';
import { loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import { testBackends } from '@/lib/db/test-databases';
import { sql } from 'drizzle-orm';
import { getAccountOverview } from './repository/customers';
import { TEST_NOW, demoIds, snapshotCustomerSystem } from './repository/testing';
import { countBookedSlots, findDemoSlots, loadDemoCustomers, seedDemoCustomers } from './seed';

const data = loadDemoCustomers();

describe('demo customer data file', () => {
  it('has exactly the catalog of the company facts sheet', () => {
    const prices = Object.fromEntries(data.plans.map((p) => [p.id, p.monthlyPriceCents / 100]));
    expect(prices).toEqual({
      'wave-home-100': 49,
      'wave-home-500': 64,
      'wave-home-1000': 79,
      'wave-fiber-10g': 99,
      'wave-mobile-s': 19,
      'wave-mobile-m': 35,
      'wave-mobile-l': 55,
      'wave-mobile-unlimited': 75,
      'wave-tv-basic': 15,
      'wave-tv-plus': 29,
      'wave-phone-basic': 5,
      'wave-phone-flat': 15,
    });
    const areas = data.areas.map((a) => a.id);
    for (const plan of data.plans) for (const area of plan.areas) expect(areas).toContain(area);
    // Fibre plans are not offered everywhere.
    expect(data.plans.find((p) => p.id === 'wave-fiber-10g')?.areas.length).toBeLessThan(areas.length);
  });
});

describe.each(testBackends())('demo customer seed on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('skips customers whose user does not exist, but still seeds the rest of the system', async () => {
    // No users yet: only the customers without a login are created.
    const result = await seedDemoCustomers(database.db, { now: TEST_NOW, data });
    expect(result).toMatchObject({ seeded: true, customers: data.otherCustomers.length });
    if (!result.seeded) throw new Error('not seeded');
    expect(result.skipped.sort()).toEqual(data.customers.map((c) => c.email).sort());
    await database.db.execute(sql`truncate customers, appointments, appointment_slots, outages, plans, service_areas cascade`);
  });

  it('links the demo customers to the demo users and seeds everything relative to now', async () => {
    await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: false });
    const result = await seedDemoCustomers(database.db, { now: TEST_NOW, data });
    expect(result).toMatchObject({ seeded: true, customers: 4 + data.otherCustomers.length, skipped: [] });
    const ids = await demoIds(database);
    expect(Object.keys(ids)).toHaveLength(4);
    const [catalog] = await database.db.select({ n: count() }).from(plans);
    expect(catalog?.n).toBe(12);

    // Four weeks of slots in six areas: Mon–Fri three a day, Saturday one.
    const [slots] = await database.db.select({ n: count() }).from(appointmentSlots);
    expect(slots?.n).toBe(6 * (4 * 16));
    if (!result.seeded) throw new Error('not seeded');
    expect(result.slots).toBe(slots?.n);
    // Every booked slot has exactly one live appointment pointing back to it.
    const mismatched = await queryRows(
      database.db,
      sql`select s.id from appointment_slots s left join appointments a on a.slot_id = s.id and a.status <> 'cancelled' where (s.appointment_id is null) <> (a.id is null) or s.appointment_id <> a.id`,
    );
    expect(mismatched).toEqual([]);
    expect(await countBookedSlots(database.db)).toBe(result.takenSlots + 2);

    // Invoice totals equal the sum of their lines.
    const wrongTotals = await queryRows(
      database.db,
      sql`select i.id from invoices i join invoice_lines l on l.invoice_id = i.id group by i.id, i.total_cents having sum(l.amount_cents) <> i.total_cents`,
    );
    expect(wrongTotals).toEqual([]);
    const [lines] = await database.db.select({ n: count() }).from(invoiceLines);
    expect(lines?.n).toBeGreaterThan(20);
  });

  it('gives each demo customer the situation the demo needs', async () => {
    const ids = await demoIds(database);
    const overview = async (customerId: string) => {
      const outcome = await getAccountOverview(database.db, { customerId, now: TEST_NOW });
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.value;
    };
    const anna = await overview(ids.anna.customerId);
    expect(anna.customer).toMatchObject({ language: 'de', hasFibre: true, area: { id: 'zurich' }, status: 'active' });
    expect(anna.subscriptions.map((s) => s.planId).sort()).toEqual(['wave-home-500', 'wave-mobile-m', 'wave-tv-basic']);
    expect(anna.nextAppointment).toMatchObject({ kind: 'repair', slot: { startsAt: '2026-11-28T08:00:00+01:00' } });
    expect(anna.devices).toEqual([expect.objectContaining({ model: 'Box 5', status: 'online' })]);
    const [annaLatest] = await database.db.select().from(invoices).where(eq(invoices.customerId, ids.anna.customerId)).orderBy(sql`issued_on desc`).limit(1);
    const roaming = await database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, annaLatest?.id ?? ''));
    expect(roaming.some((l) => l.kind === 'roaming')).toBe(true);

    const luca = await overview(ids.luca.customerId);
    expect(luca.customer).toMatchObject({ language: 'it', hasFibre: false, area: { id: 'lugano' }, status: 'restricted' });
    expect(luca.subscriptions.map((s) => s.planId).sort()).toEqual(['wave-home-100', 'wave-mobile-s']);
    expect(luca.openInvoices.some((i) => i.overdueDays > 30)).toBe(true);
    expect(luca.devices).toEqual([expect.objectContaining({ model: 'Box 3', status: 'offline' })]);

    const claire = await overview(ids.claire.customerId);
    expect(claire.customer).toMatchObject({ language: 'fr', hasFibre: true, area: { id: 'lausanne' } });
    expect(claire.subscriptions.map((s) => s.planId).sort()).toEqual(['wave-home-1000', 'wave-tv-plus']);
    expect(claire.nextAppointment?.kind).toBe('installation');

    const james = await overview(ids.james.customerId);
    expect(james.customer).toMatchObject({ language: 'en', hasFibre: true, area: { id: 'bern' } });
    expect(james.subscriptions.map((s) => s.planId).sort()).toEqual(['wave-home-100', 'wave-mobile-l']);
    expect(james.openInvoices).toEqual([]);
    expect(james.nextAppointment).toBeNull();
  });

  it('makes a taken, a free and a too-soon slot easy to find', async () => {
    const slots = await findDemoSlots(database.db, { now: TEST_NOW });
    expect(slots.currentSlot.startsAt).toBe('2026-11-28T08:00:00+01:00');
    expect(slots.takenSlot.startsAt).toBe('2026-11-30T08:00:00+01:00');
    expect(slots.freeSlot.startsAt).toBe('2026-11-24T12:00:00+01:00');
    expect(slots.tooSoonSlot?.startsAt).toBe('2026-11-23T16:00:00+01:00');
    const [taken] = await database.db.select().from(appointmentSlots).where(eq(appointmentSlots.id, slots.takenSlot.id));
    expect(taken?.appointmentId).not.toBeNull();
    const [free] = await database.db.select().from(appointmentSlots).where(eq(appointmentSlots.id, slots.freeSlot.id));
    expect(free?.appointmentId).toBeNull();
    // Some slots are booked and most are free in every area.
    const booked = await database.db.select({ n: count() }).from(appointmentSlots).where(isNotNull(appointmentSlots.appointmentId));
    const open = await database.db.select({ n: count() }).from(appointmentSlots).where(isNull(appointmentSlots.appointmentId));
    expect(booked[0]?.n).toBeGreaterThan(6);
    expect(open[0]?.n).toBeGreaterThan(booked[0]?.n ?? 0);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await snapshotCustomerSystem(database);
    expect(await seedDemoCustomers(database.db, { now: new Date('2026-12-10T09:00:00+01:00'), data })).toEqual({ seeded: false, reason: 'has_customers' });
    expect(await snapshotCustomerSystem(database)).toBe(before);
    const [n] = await database.db.select({ n: count() }).from(customers);
    expect(n?.n).toBe(4 + data.otherCustomers.length);
  });
});
