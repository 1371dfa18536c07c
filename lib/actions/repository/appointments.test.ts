import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { appointmentSlots, appointments, customers } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { findDemoSlots, type DemoSlots } from '../seed';
import { executeRescheduleAppointment, previewRescheduleAppointment } from './appointments';
import { TEST_NOW, auditRows, snapshotCustomerSystem, useDemoDatabase, value, warmPool } from './testing';

const now = TEST_NOW;


describe.each(testBackends())('reschedule appointment on $name', ({ open }) => {
  const demo = useDemoDatabase(open);
  let slots: DemoSlots;
  const actor = () => ({ actorUserId: demo.ids.anna.userId, approvalId: randomUUID() });
  beforeEach(async () => {
    slots = await findDemoSlots(demo.database.db, { now });
  });

  async function slotHolder(slotId: number) {
    const [row] = await demo.database.db.select().from(appointmentSlots).where(eq(appointmentSlots.id, slotId));
    return row?.appointmentId ?? null;
  }

  /** Preview and execute refuse alike; nothing changes but one 'refused' audit row. */
  async function expectRefused(customerId: string, startsAt: string, reason: string) {
    const before = await snapshotCustomerSystem(demo.database);
    const preview = await previewRescheduleAppointment(demo.database.db, { customerId, startsAt, now });
    expect(preview).toMatchObject({ ok: false, reason, message: expect.any(String) });
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
    const executed = await executeRescheduleAppointment(demo.database.db, { customerId, startsAt, now, ...actor() });
    expect(executed).toMatchObject({ ok: false, reason });
    expect(await auditRows(demo.database, customerId)).toEqual([
      expect.objectContaining({ action: 'reschedule_appointment', outcome: 'refused', reason, input: { startsAt } }),
    ]);
    return preview.ok ? null : preview;
  }

  /** Alternatives are free, bookable slots in the customer's area. */
  async function expectGoodAlternatives(alternatives: unknown[] | undefined) {
    expect(alternatives?.length).toBeGreaterThan(0);
    expect(alternatives?.length).toBeLessThanOrEqual(3);
    for (const alt of alternatives as { id: number; startsAt: string }[]) {
      expect(await slotHolder(alt.id)).toBeNull();
      expect(new Date(alt.startsAt).getTime() - now.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
      const [row] = await demo.database.db.select().from(appointmentSlots).where(eq(appointmentSlots.id, alt.id));
      expect(row?.areaId).toBe('zurich');
    }
  }

  it('refuses a customer without an upcoming appointment', async () => {
    await expectRefused(demo.ids.james.customerId, slots.freeSlot.startsAt, 'no_appointment');
  });

  it('refuses a time that is not a slot, offering the nearest free ones', async () => {
    const refusal = await expectRefused(demo.ids.anna.customerId, '2026-11-26T09:00:00+01:00', 'slot_unknown');
    await expectGoodAlternatives(refusal?.alternatives);
    expect((refusal?.alternatives?.[0] as { startsAt: string }).startsAt).toBe('2026-11-26T08:00:00+01:00');
  });

  it("only considers slots in the customer's own area", async () => {
    const db = demo.database.db;
    await db.delete(appointmentSlots).where(eq(appointmentSlots.id, slots.freeSlot.id));
    // Lausanne still has a free slot at that very time; it is not Anna's to book.
    const [lausanne] = await db
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.areaId, 'lausanne'), eq(appointmentSlots.startsAt, new Date(slots.freeSlot.startsAt)), isNull(appointmentSlots.appointmentId)));
    expect(lausanne).toBeDefined();
    await expectRefused(demo.ids.anna.customerId, slots.freeSlot.startsAt, 'slot_unknown');
  });

  it('refuses a taken slot with up to three nearest free alternatives', async () => {
    const refusal = await expectRefused(demo.ids.anna.customerId, slots.takenSlot.startsAt, 'slot_taken');
    await expectGoodAlternatives(refusal?.alternatives);
    expect(refusal?.alternatives).toHaveLength(3);
  });

  it('refuses a slot less than 24 hours ahead', async () => {
    if (!slots.tooSoonSlot) throw new Error('the seed should leave a free slot less than 24 h ahead');
    const refusal = await expectRefused(demo.ids.anna.customerId, slots.tooSoonSlot.startsAt, 'slot_too_soon');
    await expectGoodAlternatives(refusal?.alternatives);
  });

  it('refuses the slot the appointment already has', async () => {
    await expectRefused(demo.ids.anna.customerId, slots.currentSlot.startsAt, 'slot_taken');
  });

  it('refuses an invalid date', async () => {
    await expectRefused(demo.ids.anna.customerId, 'next thursday', 'slot_unknown');
  });

  it('previews a move without changing anything', async () => {
    const before = await snapshotCustomerSystem(demo.database);
    const preview = value(await previewRescheduleAppointment(demo.database.db, { customerId: demo.ids.anna.customerId, startsAt: slots.freeSlot.startsAt, now }));
    expect(preview).toEqual({
      title: 'Move your repair appointment',
      changes: [{ label: 'Appointment', before: 'Sat 28 Nov 2026, 08:00–13:00', after: 'Tue 24 Nov 2026, 12:00–16:00' }],
      notes: [expect.stringContaining('free of charge'), expect.stringContaining('SMS reminder')],
    });
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
  });

  it('accepts the same instant written in UTC', async () => {
    const utc = new Date(slots.freeSlot.startsAt).toISOString();
    expect((await previewRescheduleAppointment(demo.database.db, { customerId: demo.ids.anna.customerId, startsAt: utc, now })).ok).toBe(true);
  });

  it('moves the appointment, frees the old slot, and writes one audit row', async () => {
    const db = demo.database.db;
    const [appointment] = await db.select().from(appointments).where(eq(appointments.customerId, demo.ids.anna.customerId));
    if (!appointment) throw new Error('no appointment');
    const result = value(await executeRescheduleAppointment(db, { customerId: demo.ids.anna.customerId, startsAt: slots.freeSlot.startsAt, now, ...actor() }));
    expect(result).toMatchObject({ appointmentId: appointment.id, kind: 'repair', from: { id: slots.currentSlot.id }, to: { id: slots.freeSlot.id }, feeCents: 0 });
    expect(await slotHolder(slots.currentSlot.id)).toBeNull();
    expect(await slotHolder(slots.freeSlot.id)).toBe(appointment.id);
    const [moved] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(moved).toEqual({ ...appointment, slotId: slots.freeSlot.id });
    expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([
      expect.objectContaining({
        outcome: 'executed',
        before: { appointmentId: appointment.id, slotId: slots.currentSlot.id, startsAt: slots.currentSlot.startsAt },
        after: { appointmentId: appointment.id, slotId: slots.freeSlot.id, startsAt: slots.freeSlot.startsAt, feeCents: 0 },
      }),
    ]);
    // The freed slot can be booked again.
    expect((await previewRescheduleAppointment(db, { customerId: demo.ids.anna.customerId, startsAt: slots.currentSlot.startsAt, now })).ok).toBe(true);
  });

  it('charges CHF 90 for moving an appointment less than 24 hours before it starts', async () => {
    const late = new Date(new Date(slots.currentSlot.startsAt).getTime() - 2 * 3_600_000);
    const [target] = await demo.database.db
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.areaId, 'zurich'), isNull(appointmentSlots.appointmentId), eq(appointmentSlots.startsAt, new Date('2026-12-03T15:00:00Z'))));
    if (!target) throw new Error('3 Dec 16:00 should be free');
    const preview = value(await previewRescheduleAppointment(demo.database.db, { customerId: demo.ids.anna.customerId, startsAt: '2026-12-03T16:00:00+01:00', now: late }));
    expect(preview.notes[0]).toContain('CHF 90.00');
    const result = value(await executeRescheduleAppointment(demo.database.db, { customerId: demo.ids.anna.customerId, startsAt: '2026-12-03T16:00:00+01:00', now: late, ...actor() }));
    expect(result.feeCents).toBe(9000);
  });

  it('gives a contested slot to exactly one of two customers booking it at once', async () => {
    const db = demo.database.db;
    // A second Zurich customer with an appointment of their own.
    const [other] = await db.select().from(customers).where(eq(customers.customerNumber, 'AW-20000011'));
    const [otherAppointment] = await db.select().from(appointments).where(eq(appointments.customerId, other?.id ?? ''));
    if (!other || !otherAppointment) throw new Error('the Zurich background customer should hold appointments');
    await warmPool(demo.database);
    const results = await Promise.all([
      executeRescheduleAppointment(db, { customerId: demo.ids.anna.customerId, startsAt: slots.freeSlot.startsAt, now, ...actor() }),
      executeRescheduleAppointment(db, { customerId: other.id, startsAt: slots.freeSlot.startsAt, now, actorUserId: null, approvalId: null }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([expect.objectContaining({ reason: 'slot_taken' })]);
    const holders = await db.select().from(appointments).where(eq(appointments.slotId, slots.freeSlot.id));
    expect(holders).toHaveLength(1);
    expect(await slotHolder(slots.freeSlot.id)).toBe(holders[0]?.id);
  });
});
