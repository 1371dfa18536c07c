import { and, asc, count, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PAYMENT_TERM_DAYS, accountDiscounts, earliestBookableStart, minimumTermEndsOn } from '@/lib/actions/policy';
import type { Db } from '@/lib/db/client';
import {
  CATALOG_KINDS,
  CUSTOMER_LANGUAGES,
  INVOICE_LINE_KINDS,
  OUTAGE_SERVICES,
  appointmentSlots,
  appointments,
  customers,
  devices,
  invoiceLines,
  invoices,
  outages,
  plans,
  serviceAreas,
  subscriptions,
  users,
  type PlanRow,
} from '@/lib/db/schema';
import { afterWrite } from '@/lib/db/read-cache';
import { loadNextAppointment, slotView, type SlotView } from './repository/appointments';
import { addDays, addMonths, daysBetween, daysInMonth, firstOfMonth, formatDayLabel, lastOfMonth, localDay, weekday, zonedInstant } from './repository/dates';

/**
 * The demo company's customer system (content/seed/customers.json): service areas, the plan
 * catalog, technician slots, outages, and one account per demo customer user, with dates relative
 * to the day it is seeded so the demo stays current.
 */

const clock = z.string().regex(/^\d{2}:\d{2}$/);
const timeWindow = z.tuple([clock, clock]);
const contact = {
  customerNumber: z.string().regex(/^AW-\d{8}$/),
  name: z.string().min(1),
  email: z.email(),
  phone: z.string().min(7),
  language: z.enum(CUSTOMER_LANGUAGES),
  street: z.string().min(1),
  postcode: z.string().min(4),
  city: z.string().min(1),
  areaId: z.string().min(1),
  hasFibre: z.boolean(),
};

const demoCustomersSchema = z.object({
  timeZone: z.string(),
  areas: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), postcodes: z.array(z.string()) })).min(1),
  plans: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string().min(1),
        kind: z.enum(CATALOG_KINDS),
        monthlyPriceCents: z.number().int().min(0),
        tier: z.number().int().min(1),
        requiresFibre: z.boolean(),
        summary: z.string().min(1),
        areas: z.array(z.string()),
      }),
    )
    .min(1),
  technicianSlots: z.object({
    days: z.number().int().min(1).max(60),
    weekdays: z.array(timeWindow),
    saturday: z.array(timeWindow),
    takenEvery: z.number().int().min(2),
    takenOffset: z.number().int().min(0),
  }),
  billing: z.object({ activationFeeCents: z.number().int().min(0) }),
  customers: z.array(
    z.object({
      ...contact,
      status: z.enum(['active', 'restricted']),
      subscriptions: z.array(z.object({ planId: z.string(), startedMonthsAgo: z.number().int().min(0), startedOnDay: z.number().int().min(1).max(28) })),
      invoices: z.object({ count: z.number().int().min(1).max(12), unpaid: z.enum(['none', 'current', 'overdue']), firstNumber: z.number().int().min(100000).max(999999) }),
      extraLines: z.array(
        z.object({
          monthsAgo: z.number().int().min(0),
          kind: z.enum(INVOICE_LINE_KINDS),
          description: z.string().min(1),
          amountCents: z.number().int(),
          usage: z.object({ monthsAgo: z.number().int().min(0), fromDay: z.number().int().min(1).max(28), toDay: z.number().int().min(1).max(28) }).optional(),
        }),
      ),
      appointment: z
        .object({
          kind: z.enum(['installation', 'repair']),
          inDays: z.number().int().min(2).max(26),
          slot: z.number().int().min(0),
          bookedDaysAgo: z.number().int().min(0),
          takeNextSlot: z.boolean(),
        })
        .optional(),
      devices: z.array(
        z.object({
          model: z.enum(['Box 3', 'Box 5']),
          serial: z.string().min(1),
          firmware: z.string().min(1),
          status: z.enum(['online', 'offline']),
          lastSeenMinutesAgo: z.number().int().min(0),
          lastRestartDaysAgo: z.number().int().min(0).optional(),
        }),
      ),
    }),
  ),
  otherCustomers: z.array(z.object(contact)),
  outages: z.array(
    z.object({
      areaId: z.string(),
      service: z.enum(OUTAGE_SERVICES),
      startedHoursAgo: z.number(),
      expectedEndInHours: z.number().nullable(),
      resolvedHoursAgo: z.number().nullable(),
      description: z.string().min(1),
    }),
  ),
});
export type DemoCustomers = z.infer<typeof demoCustomersSchema>;

export const DEMO_CUSTOMERS_FILE = path.join(process.cwd(), 'content', 'seed', 'customers.json');

export function loadDemoCustomers(file = DEMO_CUSTOMERS_FILE): DemoCustomers {
  return demoCustomersSchema.parse(JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8')));
}

export type SeedCustomersResult =
  | { seeded: false; reason: 'has_customers' }
  | { seeded: true; customers: number; skipped: string[]; slots: number; takenSlots: number; invoices: number };

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The technician windows of a calendar day ([] on Sundays). */
function windowsOn(schedule: DemoCustomers['technicianSlots'], dayOf: string): [string, string][] {
  const wd = weekday(dayOf);
  if (wd === 0) return [];
  return wd === 6 ? schedule.saturday : schedule.weekdays;
}

/**
 * Creates the technician slots from today for the schedule's days in every area (existing slots
 * are kept). Call it daily to keep four weeks bookable; returns how many were added.
 */
export async function topUpAppointmentSlots(db: Db, { now, data = loadDemoCustomers() }: { now: Date; data?: DemoCustomers }): Promise<number> {
  const today = localDay(now, data.timeZone);
  const areaRows = await db.select({ id: serviceAreas.id }).from(serviceAreas);
  const values: { areaId: string; startsAt: Date; endsAt: Date }[] = [];
  for (let i = 0; i < data.technicianSlots.days; i++) {
    const d = addDays(today, i);
    for (const [from, to] of windowsOn(data.technicianSlots, d)) {
      for (const area of areaRows) values.push({ areaId: area.id, startsAt: zonedInstant(d, from, data.timeZone), endsAt: zonedInstant(d, to, data.timeZone) });
    }
  }
  if (values.length === 0) return 0;
  const inserted = await db.insert(appointmentSlots).values(values).onConflictDoNothing().returning({ id: appointmentSlots.id });
  return inserted.length;
}

function monthName(dayOf: string): string {
  return formatDayLabel(dayOf).split(' ').slice(1).join(' ');
}

type SeedCustomer = DemoCustomers['customers'][number];
type LineValues = { kind: (typeof INVOICE_LINE_KINDS)[number]; description: string; amountCents: number; periodFrom: string; periodTo: string | null };

/** The issue day (a 1st) of the latest invoice that is more than 30 days overdue today. */
function overdueIssueDay(today: string): string {
  return firstOfMonth(addDays(today, -(PAYMENT_TERM_DAYS + 31)));
}

/** Invoices as the billing run would have produced them: fees in advance, pro-rated first months, bundle discounts, extra usage lines. */
function buildInvoices(c: SeedCustomer, { today, catalog, activationFeeCents }: { today: string; catalog: Map<string, PlanRow>; activationFeeCents: number }) {
  const subs = c.subscriptions.map((s) => {
    const plan = catalog.get(s.planId);
    if (!plan) throw new Error(`customers.json: unknown plan ${s.planId}`);
    const startedOn = addDays(addMonths(firstOfMonth(today), -s.startedMonthsAgo), s.startedOnDay - 1);
    return { plan, startedOn };
  });
  const current = firstOfMonth(today);
  const overdueIssue = c.invoices.unpaid === 'overdue' ? overdueIssueDay(today) : null;
  const monthsBack = Math.max(c.invoices.count - 1, overdueIssue ? monthsBetween(overdueIssue, current) : 0);
  const built: { id: string; issuedOn: string; dueOn: string; status: 'paid' | 'open'; paidOn: string | null; lines: LineValues[] }[] = [];
  let number = c.invoices.firstNumber;
  for (let back = monthsBack; back >= 0; back--) {
    const issuedOn = addMonths(current, -back);
    const previousMonth = addMonths(issuedOn, -1);
    const lines: LineValues[] = [];
    const fullMonth = subs.filter((s) => s.startedOn <= issuedOn);
    for (const s of subs) {
      if (s.startedOn > previousMonth && s.startedOn < issuedOn) {
        const days = daysBetween(s.startedOn, lastOfMonth(previousMonth)) + 1;
        const amount = Math.round((s.plan.monthlyPriceCents * days) / daysInMonth(previousMonth));
        lines.push({ kind: 'subscription', description: `${s.plan.name}, ${formatDayLabel(s.startedOn)} to ${formatDayLabel(lastOfMonth(previousMonth))} (pro-rated)`, amountCents: amount, periodFrom: s.startedOn, periodTo: lastOfMonth(previousMonth) });
        if (s.plan.kind === 'internet' && activationFeeCents > 0) {
          lines.push({ kind: 'one_off', description: 'Activation fee for the new internet connection', amountCents: activationFeeCents, periodFrom: s.startedOn, periodTo: null });
        }
      }
    }
    for (const s of fullMonth) {
      lines.push({ kind: 'subscription', description: `${s.plan.name}, ${monthName(issuedOn)}`, amountCents: s.plan.monthlyPriceCents, periodFrom: issuedOn, periodTo: lastOfMonth(issuedOn) });
    }
    for (const discount of accountDiscounts(fullMonth.map((s) => s.plan))) {
      lines.push({ kind: 'discount', description: `${discount.label}, ${monthName(issuedOn)}`, amountCents: discount.amountCents, periodFrom: issuedOn, periodTo: lastOfMonth(issuedOn) });
    }
    const id = `INV-${issuedOn.slice(0, 4)}-${issuedOn.slice(5, 7)}-${number}`;
    number += 1;
    built.push({ id, issuedOn, dueOn: addDays(issuedOn, PAYMENT_TERM_DAYS), status: 'paid', paidOn: null, lines });
  }
  const overdueId = overdueIssue ? (built.find((b) => b.issuedOn === overdueIssue)?.id ?? '') : '';
  for (const extra of c.extraLines) {
    const target = built.find((b) => b.issuedOn === addMonths(current, -extra.monthsAgo));
    if (!target) continue;
    const usageMonth = extra.usage ? addMonths(current, -extra.usage.monthsAgo) : null;
    target.lines.push({
      kind: extra.kind,
      description: extra.description.replace('{overdueInvoice}', overdueId),
      amountCents: extra.amountCents,
      periodFrom: usageMonth && extra.usage ? addDays(usageMonth, extra.usage.fromDay - 1) : target.issuedOn,
      periodTo: usageMonth && extra.usage ? addDays(usageMonth, extra.usage.toDay - 1) : null,
    });
  }
  for (const invoice of built) {
    const unpaid =
      (c.invoices.unpaid === 'current' && invoice.issuedOn === current) || (c.invoices.unpaid === 'overdue' && overdueIssue !== null && invoice.issuedOn >= overdueIssue);
    if (unpaid) invoice.status = 'open';
    else {
      invoice.status = 'paid';
      const paid = addDays(invoice.issuedOn, 12);
      invoice.paidOn = paid < today ? paid : today;
    }
  }
  return { subs, invoices: built };
}

function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

/**
 * Seeds the customer system into a database whose customers table is empty (otherwise does
 * nothing). Demo customers are linked to existing users by email; one whose user does not exist
 * is skipped. Runs in one transaction.
 */
export async function seedDemoCustomers(
  db: Db,
  { now, data = loadDemoCustomers(), userIdFor }: { now: Date; data?: DemoCustomers; /** The sign-in of a demo customer (default: the user with its email). */ userIdFor?: (email: string) => Promise<string | null> },
): Promise<SeedCustomersResult> {
  // The plan catalog the chat keeps (lib/actions/catalog.ts) is read again once this has committed.
  return afterWrite('plans', db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(customers);
    if ((existing?.n ?? 0) > 0) return { seeded: false, reason: 'has_customers' } as const;
    const today = localDay(now, data.timeZone);

    await tx.insert(serviceAreas).values(data.areas).onConflictDoNothing();
    await tx.insert(plans).values(data.plans).onConflictDoNothing();
    const catalog = new Map((await tx.select().from(plans)).map((p) => [p.id, p]));
    const slots = await topUpAppointmentSlots(tx, { now, data });

    const skipped: string[] = [];
    let seededCustomers = 0;
    let invoiceCount = 0;
    const demoAppointments: { customerId: string; kind: 'installation' | 'repair'; areaId: string; startsAt: Date; createdAt: Date; takeNextSlot: boolean }[] = [];

    for (const c of data.customers) {
      const userId = userIdFor ? await userIdFor(c.email.toLowerCase()) : (await tx.select({ id: users.id }).from(users).where(eq(users.email, c.email.toLowerCase())).limit(1))[0]?.id;
      if (!userId) {
        skipped.push(c.email);
        continue;
      }
      const [row] = await tx
        .insert(customers)
        .values({
          userId,
          customerNumber: c.customerNumber,
          name: c.name,
          email: c.email.toLowerCase(),
          phone: c.phone,
          language: c.language,
          status: c.status,
          street: c.street,
          postcode: c.postcode,
          city: c.city,
          areaId: c.areaId,
          hasFibre: c.hasFibre,
        })
        .returning({ id: customers.id });
      if (!row) throw new Error(`could not seed customer ${c.customerNumber}`);
      seededCustomers += 1;

      const { subs, invoices: built } = buildInvoices(c, { today, catalog, activationFeeCents: data.billing.activationFeeCents });
      await tx.insert(subscriptions).values(
        subs.map((s) => ({ customerId: row.id, planId: s.plan.id, kind: s.plan.kind, startedOn: s.startedOn, minTermEndsOn: minimumTermEndsOn(s.plan.kind, s.startedOn) })),
      );
      for (const invoice of built) {
        await tx.insert(invoices).values({
          id: invoice.id,
          customerId: row.id,
          issuedOn: invoice.issuedOn,
          dueOn: invoice.dueOn,
          totalCents: invoice.lines.reduce((sum, l) => sum + l.amountCents, 0),
          status: invoice.status,
          paidOn: invoice.paidOn,
        });
        if (invoice.lines.length > 0) await tx.insert(invoiceLines).values(invoice.lines.map((l) => ({ ...l, invoiceId: invoice.id })));
        invoiceCount += 1;
      }
      if (c.devices.length > 0) {
        await tx.insert(devices).values(
          c.devices.map((d) => ({
            customerId: row.id,
            model: d.model,
            serial: d.serial,
            firmware: d.firmware,
            status: d.status,
            lastSeenAt: new Date(now.getTime() - d.lastSeenMinutesAgo * MINUTE_MS),
            lastRestartAt: d.lastRestartDaysAgo === undefined ? null : new Date(now.getTime() - d.lastRestartDaysAgo * 24 * HOUR_MS),
          })),
        );
      }
      if (c.appointment) {
        let visitDay = addDays(today, c.appointment.inDays);
        if (weekday(visitDay) === 0) visitDay = addDays(visitDay, 1);
        const windows = windowsOn(data.technicianSlots, visitDay);
        const [from] = windows[Math.min(c.appointment.slot, windows.length - 1)] ?? [];
        if (!from) throw new Error(`no technician slot on ${visitDay}`);
        demoAppointments.push({
          customerId: row.id,
          kind: c.appointment.kind,
          areaId: c.areaId,
          startsAt: zonedInstant(visitDay, from, data.timeZone),
          createdAt: new Date(now.getTime() - c.appointment.bookedDaysAgo * 24 * HOUR_MS),
          takeNextSlot: c.appointment.takeNextSlot,
        });
      }
    }

    const others = await tx
      .insert(customers)
      .values(data.otherCustomers.map((o) => ({ ...o, userId: null, status: 'active' as const })))
      .returning({ id: customers.id, areaId: customers.areaId });
    const otherByArea = new Map(others.map((o) => [o.areaId, o.id]));

    // Book the demo appointments, then fill some of the remaining slots with other customers' visits.
    const allSlots = await tx.select().from(appointmentSlots).where(isNull(appointmentSlots.appointmentId)).orderBy(asc(appointmentSlots.areaId), asc(appointmentSlots.startsAt));
    const used = new Set<number>();
    const bookings: { customerId: string; kind: 'installation' | 'repair'; slotId: number; createdAt: Date }[] = [];
    const slotsByArea = new Map<string, typeof allSlots>();
    for (const slot of allSlots) slotsByArea.set(slot.areaId, [...(slotsByArea.get(slot.areaId) ?? []), slot]);
    const mustTake = new Set<number>();
    for (const a of demoAppointments) {
      const areaSlots = slotsByArea.get(a.areaId) ?? [];
      const index = areaSlots.findIndex((s) => s.startsAt.getTime() === a.startsAt.getTime());
      const slot = areaSlots[index];
      if (!slot) throw new Error(`no free slot at ${a.startsAt.toISOString()} in ${a.areaId}`);
      used.add(slot.id);
      bookings.push({ customerId: a.customerId, kind: a.kind, slotId: slot.id, createdAt: a.createdAt });
      const next = areaSlots[index + 1];
      if (a.takeNextSlot && next) mustTake.add(next.id);
    }
    let taken = 0;
    const { takenEvery, takenOffset } = data.technicianSlots;
    for (const [areaId, areaSlots] of slotsByArea) {
      const other = otherByArea.get(areaId);
      if (!other) continue;
      areaSlots.forEach((slot, index) => {
        if (used.has(slot.id)) return;
        if (index % takenEvery !== takenOffset && !mustTake.has(slot.id)) return;
        used.add(slot.id);
        taken += 1;
        bookings.push({ customerId: other, kind: taken % 2 === 0 ? 'repair' : 'installation', slotId: slot.id, createdAt: new Date(now.getTime() - 7 * 24 * HOUR_MS) });
      });
    }
    if (bookings.length > 0) await tx.insert(appointments).values(bookings);
    await tx.execute(
      sql`update ${appointmentSlots} set appointment_id = a.id from ${appointments} a where a.slot_id = ${appointmentSlots.id} and a.status <> 'cancelled' and ${appointmentSlots.appointmentId} is null`,
    );

    if (data.outages.length > 0) {
      await tx.insert(outages).values(
        data.outages.map((o) => ({
          areaId: o.areaId,
          service: o.service,
          startedAt: new Date(now.getTime() - o.startedHoursAgo * HOUR_MS),
          expectedEndAt: o.expectedEndInHours === null ? null : new Date(now.getTime() + o.expectedEndInHours * HOUR_MS),
          resolvedAt: o.resolvedHoursAgo === null ? null : new Date(now.getTime() - o.resolvedHoursAgo * HOUR_MS),
          description: o.description,
        })),
      );
    }
    return { seeded: true, customers: seededCustomers + others.length, skipped, slots, takenSlots: taken, invoices: invoiceCount } as const;
  }));
}

export type DemoSlots = {
  customerId: string;
  /** The customer's next appointment's slot. */
  currentSlot: SlotView;
  /** The slot right after it: booked by someone else. */
  takenSlot: SlotView;
  /** The earliest free slot that can be booked (≥ 24 h ahead). */
  freeSlot: SlotView;
  /** A free slot less than 24 hours ahead (too soon to book), if any is left today or tomorrow. */
  tooSoonSlot: SlotView | null;
};

/** For tests and demos: slots around a seeded customer's appointment (Anna Meier by default). */
export async function findDemoSlots(db: Db, { now, email = 'anna.meier@example.ch' }: { now: Date; email?: string }): Promise<DemoSlots> {
  const [customer] = await db
    .select({ id: customers.id, areaId: customers.areaId })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (!customer) throw new Error(`no seeded customer for ${email}`);
  const next = await loadNextAppointment(db, { customerId: customer.id, now });
  if (!next) throw new Error(`${email} has no appointment`);
  const inArea = eq(appointmentSlots.areaId, customer.areaId);
  const [takenSlot] = await db
    .select()
    .from(appointmentSlots)
    .where(and(inArea, gt(appointmentSlots.startsAt, next.slot.startsAt)))
    .orderBy(asc(appointmentSlots.startsAt))
    .limit(1);
  const [freeSlot] = await db
    .select()
    .from(appointmentSlots)
    .where(and(inArea, isNull(appointmentSlots.appointmentId), gte(appointmentSlots.startsAt, earliestBookableStart(now))))
    .orderBy(asc(appointmentSlots.startsAt))
    .limit(1);
  const [tooSoonSlot] = await db
    .select()
    .from(appointmentSlots)
    .where(and(inArea, isNull(appointmentSlots.appointmentId), gt(appointmentSlots.startsAt, now), lt(appointmentSlots.startsAt, earliestBookableStart(now))))
    .orderBy(asc(appointmentSlots.startsAt))
    .limit(1);
  if (!takenSlot || takenSlot.appointmentId === null || !freeSlot) throw new Error('the demo slots are not as seeded');
  return { customerId: customer.id, currentSlot: slotView(next.slot), takenSlot: slotView(takenSlot), freeSlot: slotView(freeSlot), tooSoonSlot: tooSoonSlot ? slotView(tooSoonSlot) : null };
}

/** How many slots are booked (for the seed summary and tests). */
export async function countBookedSlots(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(appointmentSlots).where(isNotNull(appointmentSlots.appointmentId));
  return row?.n ?? 0;
}
