import { and, asc, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { ActionPreview, Outcome } from '@/lib/domain/account-tools';
import { APPOINTMENT_NOTICE_HOURS, appointmentChangeFeeCents, earliestBookableStart, slotFarEnoughAhead } from '@/lib/actions/policy';
import type { Db } from '@/lib/db/client';
import { appointmentSlots, appointments, type AppointmentRow, type AppointmentSlotRow, type CustomerRow } from '@/lib/db/schema';
import { runAudited } from './audit';
import { addDays, formatWindow, isCalendarDay, localDay, toZonedIso, zonedInstant } from './dates';
import { formatMoney, ok, refuse } from './outcome';
import { NOT_A_CUSTOMER, loadArea, loadCustomer, type ActorScope, type CustomerScope } from './shared';

export type SlotView = {
  id: number;
  /** ISO 8601 with the company zone's offset, e.g. 2026-12-03T08:00:00+01:00: what reschedule_appointment takes. */
  startsAt: string;
  endsAt: string;
  /** "Thu 3 Dec 2026, 08:00–12:00" */
  label: string;
};

export function slotView(slot: Pick<AppointmentSlotRow, 'id' | 'startsAt' | 'endsAt'>): SlotView {
  return { id: slot.id, startsAt: toZonedIso(slot.startsAt), endsAt: toZonedIso(slot.endsAt), label: formatWindow(slot.startsAt, slot.endsAt) };
}

export type AppointmentView = { id: string; kind: AppointmentRow['kind']; status: AppointmentRow['status']; slot: SlotView };

const KIND_LABEL: Record<AppointmentRow['kind'], string> = { installation: 'installation', repair: 'repair' };

/** The customer's next scheduled technician visit (one not yet over), with its slot. */
export async function loadNextAppointment(
  db: Db,
  { customerId, now }: CustomerScope,
): Promise<{ appointment: AppointmentRow; slot: AppointmentSlotRow } | null> {
  const [row] = await db
    .select({ appointment: appointments, slot: appointmentSlots })
    .from(appointments)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
    .where(and(eq(appointments.customerId, customerId), eq(appointments.status, 'scheduled'), gt(appointmentSlots.endsAt, now)))
    .orderBy(asc(appointmentSlots.startsAt))
    .limit(1);
  return row ?? null;
}

export function appointmentView({ appointment, slot }: { appointment: AppointmentRow; slot: AppointmentSlotRow }): AppointmentView {
  return { id: appointment.id, kind: appointment.kind, status: appointment.status, slot: slotView(slot) };
}

/** Free slots in an area that can still be booked (≥ 24 h ahead), nearest to `target` first. */
export async function nearestFreeSlots(
  db: Db,
  { areaId, target, now, limit = 3, excludeSlotId }: { areaId: string; target: Date; now: Date; limit?: number; excludeSlotId?: number },
): Promise<SlotView[]> {
  const rows = await db
    .select()
    .from(appointmentSlots)
    .where(
      and(
        eq(appointmentSlots.areaId, areaId),
        isNull(appointmentSlots.appointmentId),
        gte(appointmentSlots.startsAt, earliestBookableStart(now)),
        excludeSlotId === undefined ? undefined : ne(appointmentSlots.id, excludeSlotId),
      ),
    )
    .orderBy(sql`abs(extract(epoch from (${appointmentSlots.startsAt} - ${target.toISOString()}::timestamptz)))`, asc(appointmentSlots.startsAt))
    .limit(limit);
  return rows.map(slotView);
}

export type BookedAppointment = { appointment: AppointmentView | null; noticeHours: number };

/** The booked technician visit, if any, and how long before it a change is free. */
export async function getAppointment(db: Db, { customerId, now }: CustomerScope): Promise<Outcome<BookedAppointment>> {
  if (!(await loadCustomer(db, { customerId }))) return NOT_A_CUSTOMER;
  const next = await loadNextAppointment(db, { customerId, now });
  return ok({ appointment: next ? appointmentView(next) : null, noticeHours: APPOINTMENT_NOTICE_HOURS });
}

export type FreeSlots = { area: { id: string; name: string }; from: string; days: number; slots: SlotView[] };

/** Free technician slots in the customer's area from a day (default tomorrow) for `days` days; only slots ≥ 24 h ahead. */
export async function listFreeSlots(db: Db, { customerId, from, days = 7, now }: CustomerScope & { from?: string; days?: number }): Promise<Outcome<FreeSlots>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const today = localDay(now);
  if (from !== undefined && !isCalendarDay(from)) return refuse('slot_unknown', `${from} is not a valid date.`);
  const start = from ?? addDays(today, 1);
  const span = Math.min(Math.max(Math.trunc(days), 1), 28);
  const rangeStart = zonedInstant(start, '00:00');
  const rangeEnd = zonedInstant(addDays(start, span), '00:00');
  const earliest = earliestBookableStart(now);
  const rows = await db
    .select()
    .from(appointmentSlots)
    .where(
      and(
        eq(appointmentSlots.areaId, customer.areaId),
        isNull(appointmentSlots.appointmentId),
        gte(appointmentSlots.startsAt, rangeStart > earliest ? rangeStart : earliest),
        lt(appointmentSlots.startsAt, rangeEnd),
      ),
    )
    .orderBy(asc(appointmentSlots.startsAt));
  return ok({ area: await loadArea(db, { areaId: customer.areaId }), from: start, days: span, slots: rows.map(slotView) });
}

type RescheduleDecision = {
  customer: CustomerRow;
  appointment: AppointmentRow;
  currentSlot: AppointmentSlotRow;
  targetSlot: AppointmentSlotRow;
  feeCents: number;
};

/** Every precondition of moving the next appointment to the slot starting at `startsAt`. */
async function decideReschedule(
  db: Db,
  { customerId, startsAt, now, lock }: CustomerScope & { startsAt: string; lock: boolean },
): Promise<Outcome<RescheduleDecision>> {
  const customer = await loadCustomer(db, { customerId, lock });
  if (!customer) return NOT_A_CUSTOMER;
  const next = await loadNextAppointment(db, { customerId, now });
  if (!next) return refuse('no_appointment', 'You have no upcoming technician appointment to move. A new appointment can be booked with our support team.');
  const { appointment, slot: currentSlot } = next;

  const target = new Date(startsAt);
  if (Number.isNaN(target.getTime())) return refuse('slot_unknown', 'That is not a valid date and time.');
  const alternatives = (excludeSlotId?: number) => nearestFreeSlots(db, { areaId: customer.areaId, target, now, excludeSlotId });

  const slotQuery = db
    .select()
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.areaId, customer.areaId), eq(appointmentSlots.startsAt, target)))
    .limit(1);
  const [targetSlot] = lock ? await slotQuery.for('update') : await slotQuery;
  if (!targetSlot) {
    return refuse(
      'slot_unknown',
      'Technicians visit in fixed slots: Monday to Friday 08:00–12:00, 12:00–16:00 and 16:00–20:00, Saturday 08:00–13:00, up to 4 weeks ahead. There is no slot starting at that time; these are the nearest free ones.',
      await alternatives(),
    );
  }
  if (targetSlot.id === currentSlot.id) {
    return refuse('slot_taken', `Your ${KIND_LABEL[appointment.kind]} appointment is already booked for ${formatWindow(targetSlot.startsAt, targetSlot.endsAt)}.`, await alternatives(targetSlot.id));
  }
  if (!slotFarEnoughAhead(targetSlot.startsAt, now)) {
    return refuse(
      'slot_too_soon',
      `Appointments can be booked at least ${APPOINTMENT_NOTICE_HOURS} hours ahead, so ${formatWindow(targetSlot.startsAt, targetSlot.endsAt)} is too soon. These are the nearest free slots.`,
      await alternatives(),
    );
  }
  if (targetSlot.appointmentId !== null) {
    return refuse('slot_taken', `${formatWindow(targetSlot.startsAt, targetSlot.endsAt)} is already booked. These are the nearest free slots.`, await alternatives());
  }
  return ok({ customer, appointment, currentSlot, targetSlot, feeCents: appointmentChangeFeeCents(currentSlot.startsAt, now) });
}

export async function previewRescheduleAppointment(db: Db, { customerId, startsAt, now }: CustomerScope & { startsAt: string }): Promise<Outcome<ActionPreview>> {
  const decision = await decideReschedule(db, { customerId, startsAt, now, lock: false });
  if (!decision.ok) return decision;
  const { appointment, currentSlot, targetSlot, feeCents } = decision.value;
  const notes = [
    feeCents > 0
      ? `Your current appointment starts in less than ${APPOINTMENT_NOTICE_HOURS} hours, so moving it costs ${formatMoney(feeCents)}.`
      : `Moving the appointment is free of charge (more than ${APPOINTMENT_NOTICE_HOURS} hours before it starts).`,
    'You will get an SMS reminder the day before at 18:00, and the technician calls about 30 minutes before arriving. An adult (18+) must be at home.',
  ];
  return ok({
    title: `Move your ${KIND_LABEL[appointment.kind]} appointment`,
    changes: [{ label: 'Appointment', before: formatWindow(currentSlot.startsAt, currentSlot.endsAt), after: formatWindow(targetSlot.startsAt, targetSlot.endsAt) }],
    notes,
  });
}

export type RescheduleResult = { appointmentId: string; kind: AppointmentRow['kind']; from: SlotView; to: SlotView; feeCents: number; summary: string };

/** Moves the next appointment to the target slot and frees the old one, in one transaction, audited. */
export async function executeRescheduleAppointment(db: Db, scope: ActorScope & { startsAt: string }): Promise<Outcome<RescheduleResult>> {
  const { customerId, startsAt, now } = scope;
  return runAudited<RescheduleResult>(db, { ...scope, action: 'reschedule_appointment', input: { startsAt } }, async (tx) => {
    const decision = await decideReschedule(tx, { customerId, startsAt, now, lock: true });
    if (!decision.ok) return { outcome: decision };
    const { appointment, currentSlot, targetSlot, feeCents } = decision.value;
    // The target slot is locked (FOR UPDATE) and was free when checked; a slot holds one appointment.
    await tx
      .update(appointmentSlots)
      .set({ appointmentId: null })
      .where(and(eq(appointmentSlots.id, currentSlot.id), eq(appointmentSlots.appointmentId, appointment.id)));
    const [claimed] = await tx
      .update(appointmentSlots)
      .set({ appointmentId: appointment.id })
      .where(and(eq(appointmentSlots.id, targetSlot.id), isNull(appointmentSlots.appointmentId)))
      .returning({ id: appointmentSlots.id });
    if (!claimed) throw new Error(`slot ${targetSlot.id} was taken during the reschedule`);
    await tx.update(appointments).set({ slotId: targetSlot.id }).where(eq(appointments.id, appointment.id));
    const from = slotView(currentSlot);
    const to = slotView(targetSlot);
    return {
      outcome: ok({
        appointmentId: appointment.id,
        kind: appointment.kind,
        from,
        to,
        feeCents,
        summary: `Your ${KIND_LABEL[appointment.kind]} appointment has been moved to ${to.label}.${feeCents > 0 ? ` A fee of ${formatMoney(feeCents)} applies.` : ''}`,
      }),
      before: { appointmentId: appointment.id, slotId: currentSlot.id, startsAt: from.startsAt },
      after: { appointmentId: appointment.id, slotId: targetSlot.id, startsAt: to.startsAt, feeCents },
    };
  });
}
