import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_TOOLS, READ_TOOL_NAMES } from '@/lib/domain/account-tools';
import { devices } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { findDemoSlots } from '../seed';
import { getAccountOverview, resolveCustomer } from './customers';
import { getModemStatus } from './devices';
import { readActions } from './index';
import { explainInvoice, listInvoices } from './invoices';
import { getOutageStatus } from './outages';
import { listAvailablePlans } from './plans';
import { listFreeSlots } from './appointments';
import { TEST_NOW, openDemoDatabase, snapshotCustomerSystem, type DemoDatabase, value } from './testing';


const now = TEST_NOW;

describe.each(testBackends())('customer system reads on $name', ({ open }) => {
  let demo: DemoDatabase;
  beforeAll(async () => {
    demo = await openDemoDatabase(open);
  });
  afterAll(async () => {
    await demo?.database.close();
  });

  it('resolves the signed-in user to their customer account, and nobody else', async () => {
    const db = demo.database.db;
    expect(value(await resolveCustomer(db, { userId: demo.ids.anna.userId }))).toMatchObject({
      customerId: demo.ids.anna.customerId,
      customerNumber: 'AW-10482736',
      language: 'de',
    });
    expect(await resolveCustomer(db, { userId: randomUUID() })).toMatchObject({ ok: false, reason: 'not_a_customer' });
    expect(await resolveCustomer(db, { userId: 'not-a-uuid' })).toMatchObject({ ok: false, reason: 'not_a_customer' });
  });

  it('refuses every read for an unknown customer id', async () => {
    const customerId = randomUUID();
    for (const name of READ_TOOL_NAMES) {
      const outcome = await readActions[name](demo.database.db, { customerId, now, input: {} });
      expect(outcome, name).toMatchObject({ ok: false, reason: 'not_a_customer', message: expect.any(String) });
    }
  });

  it('answers every read tool for every demo customer without changing anything', async () => {
    const before = await snapshotCustomerSystem(demo.database);
    for (const who of Object.values(demo.ids)) {
      for (const name of READ_TOOL_NAMES) {
        const input = READ_TOOLS[name].parse({});
        const outcome = await readActions[name](demo.database.db, { customerId: who.customerId, now, input: input as never });
        // Only "no modem" may refuse, and no demo customer lacks one.
        expect(outcome.ok, `${name}: ${outcome.ok ? '' : outcome.message}`).toBe(true);
      }
    }
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
  });

  it('gives an account overview: plans and prices, discounts, open invoices, next appointment, devices', async () => {
    const anna = value(await getAccountOverview(demo.database.db, { customerId: demo.ids.anna.customerId, now }));
    expect(anna.subscriptions.find((s) => s.kind === 'internet')).toMatchObject({ planName: 'Wave Home 500', monthlyPriceCents: 6400, pendingChange: null });
    expect(anna.monthly).toEqual({
      plansCents: 11400,
      discounts: [
        { label: 'Wave Duo discount (internet + TV)', amountCents: -1000 },
        { label: 'Combo discount Wave Mobile M', amountCents: -1000 },
      ],
      totalCents: 9400,
    });
    expect(anna.openInvoices).toEqual([expect.objectContaining({ status: 'open', overdueDays: 0, dueOn: '2026-12-01' })]);
    expect(anna.nextAppointment?.slot.label).toBe('Sat 28 Nov 2026, 08:00–13:00');

    const luca = value(await getAccountOverview(demo.database.db, { customerId: demo.ids.luca.customerId, now }));
    expect(luca.openInvoices.map((i) => i.status)).toEqual(['overdue', 'overdue', 'open']);
    expect(luca.openInvoices[0]?.overdueDays).toBe(53);
    expect(luca.notes.join(' ')).toContain('restricted');
  });

  it('lists invoices newest first, with a limit', async () => {
    const all = value(await listInvoices(demo.database.db, { customerId: demo.ids.anna.customerId, now }));
    expect(all.invoices.map((i) => i.issuedOn)).toEqual(['2026-11-01', '2026-10-01', '2026-09-01']);
    expect(all.invoices.map((i) => i.status)).toEqual(['open', 'paid', 'paid']);
    const one = value(await listInvoices(demo.database.db, { customerId: demo.ids.anna.customerId, now, limit: 1 }));
    expect(one.invoices).toHaveLength(1);
  });

  it('explains an invoice: lines grouped, roaming, fees and pro-rating in plain words', async () => {
    const db = demo.database.db;
    const anna = value(await explainInvoice(db, { customerId: demo.ids.anna.customerId, now }));
    expect(anna.invoice.id).toBe('INV-2026-11-100233');
    expect(anna.groups.map((g) => g.kind)).toEqual(['subscription', 'roaming', 'discount']);
    expect(anna.groups.find((g) => g.kind === 'roaming')?.totalCents).toBe(2430);
    expect(anna.groups.reduce((sum, g) => sum + g.totalCents, 0)).toBe(anna.invoice.totalCents);
    expect(anna.explanations.join(' ')).toMatch(/Roaming \(CHF 24\.30\).*one or two invoices after the trip/);
    expect(anna.previous).toEqual({ id: 'INV-2026-10-100232', totalCents: 9400, differenceCents: 2430 });

    const luca = value(await explainInvoice(db, { customerId: demo.ids.luca.customerId, now, invoiceId: 'inv-2026-11-200119' }));
    expect(luca.groups.find((g) => g.kind === 'fee')?.lines[0]?.description).toBe('Reminder fee: 2nd reminder for invoice INV-2026-09-200117');
    const overdue = value(await explainInvoice(db, { customerId: demo.ids.luca.customerId, now, invoiceId: 'INV-2026-09-200117' }));
    expect(overdue.invoice).toMatchObject({ status: 'overdue', overdueDays: 53 });
    expect(overdue.explanations.join(' ')).toContain('53 days overdue');

    const james = value(await explainInvoice(db, { customerId: demo.ids.james.customerId, now, invoiceId: 'INV-2026-10-400089' }));
    const proRated = james.groups.flatMap((g) => g.lines).filter((l) => l.proRated);
    expect(proRated).toEqual([expect.objectContaining({ periodFrom: '2026-09-15', periodTo: '2026-09-30', amountCents: Math.round((4900 * 16) / 30) })]);
    expect(james.groups.find((g) => g.kind === 'one_off')?.totalCents).toBe(4900);
    expect(james.explanations.join(' ')).toContain('pro-rated');
  });

  it("refuses an invoice that is not the customer's with not_found and offers recent ones", async () => {
    const db = demo.database.db;
    const other = await explainInvoice(db, { customerId: demo.ids.james.customerId, now, invoiceId: 'INV-2026-11-100233' });
    expect(other).toMatchObject({ ok: false, reason: 'not_found' });
    if (other.ok) return;
    expect(other.alternatives).toHaveLength(3);
    expect(await explainInvoice(db, { customerId: demo.ids.james.customerId, now, invoiceId: '4012345678' })).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('lists the plans a customer can switch to, with price differences and what is not offered', async () => {
    const db = demo.database.db;
    const anna = value(await listAvailablePlans(db, { customerId: demo.ids.anna.customerId, now, kind: 'mobile' }));
    expect(anna.current.map((c) => c.planId)).toEqual(['wave-mobile-m']);
    expect(anna.options.map((o) => [o.planId, o.direction, o.effectiveOn, o.priceDifferenceCents, o.monthlyTotalDifferenceCents])).toEqual([
      ['wave-mobile-s', 'downgrade', '2026-12-01', -1600, -600],
      ['wave-mobile-l', 'upgrade', '2026-11-23', 2000, 2000],
      ['wave-mobile-unlimited', 'upgrade', '2026-11-23', 4000, 4000],
    ]);
    const annaInternet = value(await listAvailablePlans(db, { customerId: demo.ids.anna.customerId, now, kind: 'internet' }));
    expect(annaInternet.options.find((o) => o.planId === 'wave-home-100')?.feeCents).toBe(4900);

    const claire = value(await listAvailablePlans(db, { customerId: demo.ids.claire.customerId, now }));
    expect(claire.unavailable).toEqual([expect.objectContaining({ planId: 'wave-fiber-10g', reason: 'plan_not_in_area' })]);
    expect(claire.options.every((o) => o.kind === 'internet' || o.kind === 'tv')).toBe(true);

    const luca = value(await listAvailablePlans(db, { customerId: demo.ids.luca.customerId, now }));
    expect(luca.unavailable.map((u) => u.planId).sort()).toEqual(['wave-fiber-10g', 'wave-home-1000', 'wave-home-500']);
    expect(luca.options.every((o) => o.changeBlocked?.reason === 'overdue_invoice')).toBe(true);

    const jamesTv = value(await listAvailablePlans(db, { customerId: demo.ids.james.customerId, now, kind: 'tv' }));
    expect(jamesTv.options).toEqual([]);
    expect(jamesTv.notes.join(' ')).toContain('no TV subscription');
  });

  it("lists free slots in the customer's area, only at least 24 hours ahead", async () => {
    const db = demo.database.db;
    const slots = await findDemoSlots(db, { now });
    const week = value(await listFreeSlots(db, { customerId: demo.ids.anna.customerId, now }));
    expect(week).toMatchObject({ area: { id: 'zurich' }, from: '2026-11-24', days: 7 });
    const ids = week.slots.map((s) => s.id);
    expect(week.slots[0]?.startsAt).toBe('2026-11-24T12:00:00+01:00'); // 08:00 on the 24th is only 22 h ahead
    expect(ids).not.toContain(slots.takenSlot.id);
    expect(ids).not.toContain(slots.currentSlot.id);
    for (const slot of week.slots) expect(new Date(slot.startsAt).getTime() - now.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);

    const today = value(await listFreeSlots(db, { customerId: demo.ids.anna.customerId, now, from: '2026-11-23', days: 1 }));
    expect(today.slots).toEqual([]);
    const later = value(await listFreeSlots(db, { customerId: demo.ids.anna.customerId, now, from: '2026-12-03', days: 1 }));
    expect(later.slots.map((s) => s.label)).toContain('Thu 3 Dec 2026, 16:00–20:00');
    const sunday = value(await listFreeSlots(db, { customerId: demo.ids.anna.customerId, now, from: '2026-11-29', days: 1 }));
    expect(sunday.slots).toEqual([]);
    expect(await listFreeSlots(db, { customerId: demo.ids.anna.customerId, now, from: '2026-02-30' })).toMatchObject({ ok: false, reason: 'slot_unknown' });
  });

  it("reports outages in the customer's area", async () => {
    const db = demo.database.db;
    const claire = value(await getOutageStatus(db, { customerId: demo.ids.claire.customerId, now }));
    expect(claire.ongoing).toEqual([expect.objectContaining({ service: 'tv', affectsYou: true, expectedEndAt: '2026-11-23T15:00:00+01:00' })]);
    expect(claire.summary).toContain('ongoing TV outage');
    const anna = value(await getOutageStatus(db, { customerId: demo.ids.anna.customerId, now }));
    expect(anna.ongoing).toEqual([expect.objectContaining({ service: 'internet', affectsYou: true, expectedEndAt: '2026-11-23T14:00:00+01:00' })]);
    expect(anna.recentlyResolved).toEqual([expect.objectContaining({ service: 'internet' })]);
    const james = value(await getOutageStatus(db, { customerId: demo.ids.james.customerId, now }));
    expect(james).toMatchObject({ ongoing: [], planned: [], recentlyResolved: [] });
    expect(james.summary).toContain('no known outage');
  });

  it('reports modem status, and no_device without one', async () => {
    const db = demo.database.db;
    const luca = value(await getModemStatus(db, { customerId: demo.ids.luca.customerId, now }));
    expect(luca.devices).toEqual([expect.objectContaining({ model: 'Box 3', status: 'offline', firmwareUpToDate: false, latestFirmware: '3.9.4' })]);
    const james = value(await getModemStatus(db, { customerId: demo.ids.james.customerId, now }));
    expect(james.devices[0]).toMatchObject({ model: 'Box 5', status: 'online', firmwareUpToDate: false });
    await db.delete(devices).where(eq(devices.customerId, demo.ids.james.customerId));
    expect(await getModemStatus(db, { customerId: demo.ids.james.customerId, now })).toMatchObject({ ok: false, reason: 'no_device' });
    await demo.reset();
  });
});
