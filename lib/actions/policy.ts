import { z } from 'zod';
import type { RefusalReason } from '@/lib/domain/account-tools';
import type { CustomerRow, PlanRow } from '@/lib/db/schema';
import { addDays, daysBetween, firstOfNextMonth, formatDayLabel, sameMonth } from './repository/dates';

/**
 * The company's rules for account actions (content/company.md), as small pure functions. The
 * repository's preview and execute functions both call them, so what the approval card promises
 * is exactly what execution checks again.
 */

// ---- Billing -----------------------------------------------------------------------------------

/** Invoices are due this many days after the invoice date. */
export const PAYMENT_TERM_DAYS = 30;
/** Services are restricted, and plan changes refused, once an invoice is more than this overdue. */
export const OVERDUE_RESTRICTION_DAYS = 30;

type InvoiceFacts = { status: 'paid' | 'open'; dueOn: string };

/** Days past the due date of an unpaid invoice (0 when paid or not yet due). */
export function overdueDays(invoice: InvoiceFacts, today: string): number {
  if (invoice.status !== 'open') return 0;
  return Math.max(daysBetween(invoice.dueOn, today), 0);
}

/** An invoice more than 30 days overdue blocks every plan change. */
export function blocksPlanChanges(invoice: InvoiceFacts, today: string): boolean {
  return overdueDays(invoice, today) > OVERDUE_RESTRICTION_DAYS;
}

// ---- Plans -------------------------------------------------------------------------------------

export type PlanFacts = Pick<PlanRow, 'id' | 'name' | 'kind' | 'tier' | 'monthlyPriceCents' | 'areas' | 'requiresFibre'>;
type Place = Pick<CustomerRow, 'areaId' | 'hasFibre'>;
export type PolicyRefusal = { reason: RefusalReason; message: string };

export const KIND_LABELS: Record<PlanRow['kind'], string> = { internet: 'internet', mobile: 'mobile', tv: 'TV', phone: 'landline' };

/** Why the plan is not offered at this address, or null when it is. */
export function planNotOfferedReason(plan: PlanFacts, place: Place): PolicyRefusal | null {
  if (!plan.areas.includes(place.areaId)) {
    return { reason: 'plan_not_in_area', message: `${plan.name} is not offered in your area.` };
  }
  if (plan.requiresFibre && !place.hasFibre) {
    return { reason: 'plan_not_in_area', message: `${plan.name} needs a fibre connection, and your address does not have fibre yet.` };
  }
  return null;
}

/**
 * Whether the customer may switch from `current` (their plan of that kind, or null if they have
 * none) to `target`, leaving aside the time-based rules (overdue invoices, one change a month).
 */
export function planSwitchRefusal({ current, target, place }: { current: PlanFacts | null; target: PlanFacts; place: Place }): PolicyRefusal | null {
  if (!current) {
    return {
      reason: 'plan_not_switchable',
      message: `You have no ${KIND_LABELS[target.kind]} subscription to switch to ${target.name}; a new subscription can be ordered from our sales team.`,
    };
  }
  if (current.kind !== target.kind) {
    return { reason: 'plan_not_switchable', message: `${target.name} is a ${KIND_LABELS[target.kind]} plan; a plan can only be switched to another plan of the same kind.` };
  }
  if (current.id === target.id) return { reason: 'same_plan', message: `You already have ${target.name}.` };
  return planNotOfferedReason(target, place);
}

export type PlanChangeDirection = 'upgrade' | 'downgrade';

export function planChangeDirection(current: PlanFacts, target: PlanFacts): PlanChangeDirection {
  return target.tier > current.tier ? 'upgrade' : 'downgrade';
}

/** Upgrades take effect at once (internet within 24 hours); downgrades on the 1st of next month. */
export function planChangeEffectiveOn(direction: PlanChangeDirection, today: string): string {
  return direction === 'upgrade' ? today : firstOfNextMonth(today);
}

/** At most one plan change per subscription per calendar month (counted on the day it is ordered). */
export function changedThisMonth(subscription: { lastPlanChangeOn: string | null }, today: string): boolean {
  return subscription.lastPlanChangeOn !== null && sameMonth(subscription.lastPlanChangeOn, today);
}

export const INTERNET_DOWNGRADE_FEE_CENTS = 4900;

/** An internet downgrade that takes effect within the minimum term costs CHF 49; every other change is free. */
export function planChangeFeeCents({
  kind,
  direction,
  minTermEndsOn,
  effectiveOn,
}: {
  kind: PlanRow['kind'];
  direction: PlanChangeDirection;
  minTermEndsOn: string | null;
  effectiveOn: string;
}): number {
  if (kind !== 'internet' || direction !== 'downgrade' || minTermEndsOn === null) return 0;
  return effectiveOn <= minTermEndsOn ? INTERNET_DOWNGRADE_FEE_CENTS : 0;
}

/** The plan a subscription is on today: a scheduled downgrade counts from its effective day. */
export function effectivePlanId(
  subscription: { planId: string; pendingPlanId: string | null; pendingEffectiveOn: string | null },
  today: string,
): string {
  if (subscription.pendingPlanId && subscription.pendingEffectiveOn && subscription.pendingEffectiveOn <= today) return subscription.pendingPlanId;
  return subscription.planId;
}

/** The minimum term (12 months) of a fixed service started on `startedOn`: its last day. Mobile has none. */
export function minimumTermEndsOn(kind: PlanRow['kind'], startedOn: string): string | null {
  if (kind === 'mobile') return null;
  const [y, m, d] = startedOn.split('-').map(Number) as [number, number, number];
  const anniversary = new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
  return addDays(anniversary, -1);
}

// ---- Discounts ---------------------------------------------------------------------------------

export const DUO_DISCOUNT_CENTS = 1000;
export const TRIO_DISCOUNT_CENTS = 1500;
export const COMBO_DISCOUNT_CENTS = 1000;
export const COMBO_MOBILE_PLANS = ['wave-mobile-m', 'wave-mobile-l', 'wave-mobile-unlimited'];
export const COMBO_MAX_SUBSCRIPTIONS = 5;

export type Discount = { label: string; amountCents: number };

/**
 * Monthly bundle discounts for a set of plans on one account (negative amounts): Wave Duo
 * (internet + TV) CHF 10, Wave Trio (internet + TV + landline) CHF 15 instead, and CHF 10 off each
 * Wave Mobile M/L/Unlimited on an account with internet (at most 5).
 */
export function accountDiscounts(planList: Pick<PlanFacts, 'id' | 'kind' | 'name'>[]): Discount[] {
  const has = (kind: PlanRow['kind']) => planList.some((p) => p.kind === kind);
  const discounts: Discount[] = [];
  if (has('internet') && has('tv') && has('phone')) discounts.push({ label: 'Wave Trio discount (internet + TV + landline)', amountCents: -TRIO_DISCOUNT_CENTS });
  else if (has('internet') && has('tv')) discounts.push({ label: 'Wave Duo discount (internet + TV)', amountCents: -DUO_DISCOUNT_CENTS });
  if (has('internet')) {
    const qualifying = planList.filter((p) => COMBO_MOBILE_PLANS.includes(p.id)).slice(0, COMBO_MAX_SUBSCRIPTIONS);
    for (const plan of qualifying) discounts.push({ label: `Combo discount ${plan.name}`, amountCents: -COMBO_DISCOUNT_CENTS });
  }
  return discounts;
}

/** Plan prices plus bundle discounts: what the plans cost per month together. */
export function monthlyTotalCents(planList: PlanFacts[]): number {
  const prices = planList.reduce((sum, p) => sum + p.monthlyPriceCents, 0);
  return prices + accountDiscounts(planList).reduce((sum, d) => sum + d.amountCents, 0);
}

// ---- Technician appointments -------------------------------------------------------------------

/** A slot can be booked, and an appointment moved free of charge, up to 24 hours ahead. */
export const APPOINTMENT_NOTICE_HOURS = 24;
export const LATE_APPOINTMENT_CHANGE_FEE_CENTS = 9000;
const NOTICE_MS = APPOINTMENT_NOTICE_HOURS * 3_600_000;

export function slotFarEnoughAhead(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= NOTICE_MS;
}

/** The earliest start a slot may have to be booked now. */
export function earliestBookableStart(now: Date): Date {
  return new Date(now.getTime() + NOTICE_MS);
}

/** Moving an appointment less than 24 hours before it starts costs CHF 90. */
export function appointmentChangeFeeCents(currentStartsAt: Date, now: Date): number {
  return slotFarEnoughAhead(currentStartsAt, now) ? 0 : LATE_APPOINTMENT_CHANGE_FEE_CENTS;
}

// ---- Contact details ---------------------------------------------------------------------------

const emailSchema = z.email().max(200);

/** The address, trimmed and lower-cased, or null when it is not a valid email address. */
export function normalizeEmailAddress(value: string): string | null {
  const email = value.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : null;
}

/**
 * A phone number in international form, or null when it is not one. Swiss numbers (0xx…, 0041…,
 * +41…) need 9 digits after the country code and are spaced like "+41 79 123 45 67".
 */
export function normalizePhoneNumber(value: string): string | null {
  // "+41 (0)79 …": the national trunk zero in brackets is dropped.
  const compact = value.trim().replace(/\(0\)/g, '').replace(/[\s\-./()]/g, '');
  if (!/^(?:\+|00)?\d+$/.test(compact)) return null;
  let international: string;
  if (compact.startsWith('+')) international = compact;
  else if (compact.startsWith('00')) international = `+${compact.slice(2)}`;
  else if (compact.startsWith('0')) international = `+41${compact.slice(1)}`;
  else return null;
  if (international.startsWith('+41')) {
    const national = international.slice(3);
    if (!/^[1-9]\d{8}$/.test(national)) return null;
    return `+41 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7, 9)}`;
  }
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : null;
}

// ---- Modems ------------------------------------------------------------------------------------

export const LATEST_FIRMWARE: Record<'Box 3' | 'Box 5', string> = { 'Box 3': '3.9.4', 'Box 5': '5.4.2' };
/** How long a restart takes until the Box is back online. */
export const RESTART_MINUTES: Record<'Box 3' | 'Box 5', number> = { 'Box 3': 2, 'Box 5': 3 };

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function firmwareUpToDate(model: 'Box 3' | 'Box 5', firmware: string): boolean {
  return compareVersions(firmware, LATEST_FIRMWARE[model]) >= 0;
}

/** Download/upload in Mbit/s from an internet plan's summary ("1000/500 Mbit/s …", "10/10 Gbit/s …"). */
export function planSpeeds(summary: string): { downMbps: number; upMbps: number } | null {
  const match = /(?<!\d)(\d+)\s*\/\s*(\d+)\s*(Mbit|Gbit)\/s/.exec(summary);
  if (!match) return null;
  const factor = match[3] === 'Gbit' ? 1000 : 1;
  return { downMbps: Number(match[1]) * factor, upMbps: Number(match[2]) * factor };
}

/** "from 1 Dec 2026": when a subscription changed this month may change again. */
export function nextPlanChangeDay(today: string): { day: string; label: string } {
  const day = firstOfNextMonth(today);
  return { day, label: formatDayLabel(day) };
}
