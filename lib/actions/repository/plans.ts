import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { ActionPreview, Outcome, RefusalReason } from '@/lib/domain/account-tools';
import {
  KIND_LABELS,
  accountDiscounts,
  changedThisMonth,
  monthlyTotalCents,
  nextPlanChangeDay,
  planChangeDirection,
  planChangeEffectiveOn,
  planChangeFeeCents,
  planNotOfferedReason,
  planSwitchRefusal,
  type Discount,
  type PlanChangeDirection,
  type PolicyRefusal,
} from '@/lib/actions/policy';
import type { Db } from '@/lib/db/client';
import { devices, subscriptions, type CustomerRow, type PlanRow } from '@/lib/db/schema';
import { runAudited } from './audit';
import { formatDayLabel, localDay } from './dates';
import { loadBlockingInvoices, overdueRefusalMessage, type InvoiceSummary } from './invoices';
import { formatMoney, formatMoneyDifference, ok, refuse } from './outcome';
import { NOT_A_CUSTOMER, heldPlans, loadActiveSubscriptions, loadCatalog, loadCustomer, type ActorScope, type CustomerScope, type HeldPlan } from './shared';

type CatalogKind = PlanRow['kind'];

export type PlanOption = {
  planId: string;
  name: string;
  kind: CatalogKind;
  summary: string;
  monthlyPriceCents: number;
  /** Target plan price minus current plan price. */
  priceDifferenceCents: number;
  /** Change of the account's monthly total, bundle discounts included (e.g. Mobile S loses the combo discount). */
  monthlyTotalDifferenceCents: number;
  direction: PlanChangeDirection;
  effectiveOn: string;
  feeCents: number;
  /** Set when the switch is allowed in principle but not right now (overdue invoice, already changed this month). */
  changeBlocked: PolicyRefusal | null;
};

export type AvailablePlans = {
  current: { kind: CatalogKind; planId: string; name: string; monthlyPriceCents: number; pending: { planId: string; name: string; effectiveOn: string } | null }[];
  options: PlanOption[];
  /** Plans of the same kinds that are not offered at the customer's address, with why. */
  unavailable: { planId: string; name: string; kind: CatalogKind; monthlyPriceCents: number; reason: RefusalReason; message: string }[];
  notes: string[];
};

function planTotals(held: HeldPlan[], replace?: { kind: CatalogKind; plan: PlanRow }): { totalCents: number; discounts: Discount[] } {
  const list = held.map((h) => (replace && h.plan.kind === replace.kind ? replace.plan : h.plan));
  return { totalCents: monthlyTotalCents(list), discounts: accountDiscounts(list) };
}

function changeBlock({ blocking, heldPlan, today }: { blocking: InvoiceSummary[]; heldPlan: HeldPlan; today: string }): PolicyRefusal | null {
  if (blocking.length > 0) return { reason: 'overdue_invoice', message: overdueRefusalMessage(blocking) };
  if (changedThisMonth(heldPlan.subscription, today)) {
    const next = nextPlanChangeDay(today);
    return {
      reason: 'plan_change_this_month',
      message: `Your ${KIND_LABELS[heldPlan.plan.kind]} plan was already changed this month (on ${formatDayLabel(heldPlan.subscription.lastPlanChangeOn ?? today)}); a plan can be changed once per calendar month. You can change it again from ${next.label}.`,
    };
  }
  return null;
}

/** Plans the customer can switch to: same kind as a plan they have, offered at their address, with the price difference. */
export async function listAvailablePlans(db: Db, { customerId, kind, now }: CustomerScope & { kind?: CatalogKind }): Promise<Outcome<AvailablePlans>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const today = localDay(now);
  const catalog = await loadCatalog(db);
  const held = heldPlans(await loadActiveSubscriptions(db, { customerId }), catalog, today);
  const blocking = await loadBlockingInvoices(db, { customerId, today });
  const relevant = held.filter((h) => !kind || h.plan.kind === kind);
  const before = planTotals(held);

  const result: AvailablePlans = {
    current: relevant.map((h) => ({
      kind: h.plan.kind,
      planId: h.plan.id,
      name: h.plan.name,
      monthlyPriceCents: h.plan.monthlyPriceCents,
      pending: h.pendingPlan && h.subscription.pendingEffectiveOn ? { planId: h.pendingPlan.id, name: h.pendingPlan.name, effectiveOn: h.subscription.pendingEffectiveOn } : null,
    })),
    options: [],
    unavailable: [],
    notes: [],
  };
  if (kind && relevant.length === 0) {
    result.notes.push(`You have no ${KIND_LABELS[kind]} subscription, so there is no ${KIND_LABELS[kind]} plan to switch; a new subscription can be ordered from our sales team.`);
  }
  if (blocking.length > 0) result.notes.push(overdueRefusalMessage(blocking));

  for (const h of relevant) {
    const block = changeBlock({ blocking, heldPlan: h, today });
    for (const plan of catalog.values()) {
      if (plan.kind !== h.plan.kind || plan.id === h.plan.id) continue;
      const notOffered = planNotOfferedReason(plan, customer);
      if (notOffered) {
        result.unavailable.push({ planId: plan.id, name: plan.name, kind: plan.kind, monthlyPriceCents: plan.monthlyPriceCents, ...notOffered });
        continue;
      }
      const direction = planChangeDirection(h.plan, plan);
      const effectiveOn = planChangeEffectiveOn(direction, today);
      result.options.push({
        planId: plan.id,
        name: plan.name,
        kind: plan.kind,
        summary: plan.summary,
        monthlyPriceCents: plan.monthlyPriceCents,
        priceDifferenceCents: plan.monthlyPriceCents - h.plan.monthlyPriceCents,
        monthlyTotalDifferenceCents: planTotals(held, { kind: plan.kind, plan }).totalCents - before.totalCents,
        direction,
        effectiveOn,
        feeCents: planChangeFeeCents({ kind: plan.kind, direction, minTermEndsOn: h.subscription.minTermEndsOn, effectiveOn }),
        changeBlocked: block,
      });
    }
  }
  return ok(result);
}

type PlanChangeDecision = {
  customer: CustomerRow;
  held: HeldPlan;
  current: PlanRow;
  target: PlanRow;
  direction: PlanChangeDirection;
  effectiveOn: string;
  immediate: boolean;
  feeCents: number;
  totalBeforeCents: number;
  totalAfterCents: number;
  lostDiscounts: Discount[];
  needsBox5: boolean;
  today: string;
};

function offeredAlternatives(catalog: Map<string, PlanRow>, customer: CustomerRow, kind: CatalogKind, excludeId: string | null) {
  return [...catalog.values()]
    .filter((p) => p.kind === kind && p.id !== excludeId && !planNotOfferedReason(p, customer))
    .map((p) => ({ planId: p.id, name: p.name, monthlyPriceCents: p.monthlyPriceCents }));
}

/** Every precondition of switching to `planId`, in the order the customer should hear about them. */
async function decidePlanChange(
  db: Db,
  { customerId, planId, now, lock }: CustomerScope & { planId: string; lock: boolean },
): Promise<Outcome<PlanChangeDecision>> {
  const customer = await loadCustomer(db, { customerId, lock });
  if (!customer) return NOT_A_CUSTOMER;
  const today = localDay(now);
  const catalog = await loadCatalog(db);
  const held = heldPlans(await loadActiveSubscriptions(db, { customerId, lock }), catalog, today);

  const target = catalog.get(planId.trim().toLowerCase().replace(/\s+/g, '-'));
  if (!target) {
    const alternatives = held.flatMap((h) => offeredAlternatives(catalog, customer, h.plan.kind, h.plan.id));
    return refuse('plan_unknown', `We have no plan called "${planId}". These are the plans you can switch to.`, alternatives);
  }

  const blocking = await loadBlockingInvoices(db, { customerId, today });
  if (blocking.length > 0) return refuse('overdue_invoice', overdueRefusalMessage(blocking), blocking);

  const current = held.find((h) => h.plan.kind === target.kind);
  const switchRefusal = planSwitchRefusal({ current: current?.plan ?? null, target, place: customer });
  if (switchRefusal) {
    const alternatives = switchRefusal.reason === 'plan_not_in_area' ? offeredAlternatives(catalog, customer, target.kind, current?.plan.id ?? null) : [];
    return refuse(switchRefusal.reason, switchRefusal.message, alternatives);
  }
  if (!current) return refuse('plan_not_switchable', `You have no ${KIND_LABELS[target.kind]} subscription to switch.`);
  if (current.pendingPlan?.id === target.id) {
    return refuse('same_plan', `Your switch to ${target.name} is already scheduled for ${formatDayLabel(current.subscription.pendingEffectiveOn ?? today)}.`);
  }
  const block = changeBlock({ blocking, heldPlan: current, today });
  if (block) return refuse(block.reason, block.message, block.reason === 'plan_change_this_month' ? [{ changeAllowedFrom: nextPlanChangeDay(today).day }] : []);

  const direction = planChangeDirection(current.plan, target);
  const effectiveOn = planChangeEffectiveOn(direction, today);
  const before = planTotals(held);
  const after = planTotals(held, { kind: target.kind, plan: target });
  const lostDiscounts = before.discounts.filter((d) => !after.discounts.some((a) => a.label === d.label));
  let needsBox5 = false;
  if (target.id === 'wave-fiber-10g') {
    const boxes = await db.select({ model: devices.model }).from(devices).where(eq(devices.customerId, customerId));
    needsBox5 = !boxes.some((b) => b.model === 'Box 5');
  }
  return ok({
    customer,
    held: current,
    current: current.plan,
    target,
    direction,
    effectiveOn,
    immediate: direction === 'upgrade',
    feeCents: planChangeFeeCents({ kind: target.kind, direction, minTermEndsOn: current.subscription.minTermEndsOn, effectiveOn }),
    totalBeforeCents: before.totalCents,
    totalAfterCents: after.totalCents,
    lostDiscounts,
    needsBox5,
    today,
  });
}

function effectiveLabel(d: PlanChangeDecision): string {
  if (!d.immediate) return `On ${formatDayLabel(d.effectiveOn)}`;
  return d.target.kind === 'internet' ? `Within 24 hours (from ${formatDayLabel(d.effectiveOn)})` : `Immediately (${formatDayLabel(d.effectiveOn)})`;
}

function planChangeNotes(d: PlanChangeDecision): string[] {
  const notes: string[] = [];
  if (d.immediate) {
    notes.push('The new price is charged pro-rated from the day of the change; the upgrade is free of charge.');
    if (d.target.kind === 'internet') notes.push('A restart of your Box may be needed for the new speed.');
    if (d.held.subscription.minTermEndsOn) notes.push(`Your minimum term (until ${formatDayLabel(d.held.subscription.minTermEndsOn)}) does not restart.`);
  } else {
    notes.push(`You keep ${d.current.name} until the end of the month; the new plan starts on ${formatDayLabel(d.effectiveOn)}.`);
  }
  if (d.feeCents > 0) {
    notes.push(`A one-off fee of ${formatMoney(d.feeCents)} applies because the downgrade takes effect within your minimum term (until ${formatDayLabel(d.held.subscription.minTermEndsOn ?? d.effectiveOn)}).`);
  } else if (!d.immediate) notes.push('The change is free of charge.');
  for (const lost of d.lostDiscounts) notes.push(`The ${lost.label} (${formatMoney(-lost.amountCents)} a month) ends with this change.`);
  if (d.needsBox5) notes.push('Wave Fiber 10G needs the Alpenwave Box 5; we send you one free of charge with this plan.');
  notes.push(`A plan can be changed once per calendar month: the next change is possible from ${nextPlanChangeDay(d.today).label}.`);
  return notes;
}

/** What switching to `planId` would do (effective date, prices, fees), or why it is not possible. Changes nothing. */
export async function previewChangePlan(db: Db, { customerId, planId, now }: CustomerScope & { planId: string }): Promise<Outcome<ActionPreview>> {
  const decision = await decidePlanChange(db, { customerId, planId, now, lock: false });
  if (!decision.ok) return decision;
  const d = decision.value;
  const changes = [
    { label: 'Plan', before: d.current.name, after: d.target.name },
    { label: 'Monthly price', before: formatMoney(d.current.monthlyPriceCents), after: formatMoney(d.target.monthlyPriceCents) },
    // The change of what the customer pays per month, bundle discounts included.
    { label: 'Monthly difference', before: null, after: formatMoneyDifference(d.totalAfterCents - d.totalBeforeCents) },
    { label: 'Takes effect', before: null, after: effectiveLabel(d) },
  ];
  if (d.totalAfterCents - d.totalBeforeCents !== d.target.monthlyPriceCents - d.current.monthlyPriceCents) {
    changes.push({ label: 'Monthly total incl. discounts', before: formatMoney(d.totalBeforeCents), after: formatMoney(d.totalAfterCents) });
  }
  if (d.feeCents > 0) changes.push({ label: 'One-off fee', before: null, after: formatMoney(d.feeCents) });
  const verb = d.direction === 'upgrade' ? 'Upgrade' : 'Downgrade';
  return ok({ title: `${verb} your ${KIND_LABELS[d.target.kind]} plan to ${d.target.name}`, changes, notes: planChangeNotes(d) });
}

export type PlanChangeResult = {
  subscriptionId: string;
  kind: CatalogKind;
  from: { planId: string; name: string; monthlyPriceCents: number };
  to: { planId: string; name: string; monthlyPriceCents: number };
  direction: PlanChangeDirection;
  effectiveOn: string;
  /** true: the subscription is on the new plan now; false: the change is scheduled (pending). */
  immediate: boolean;
  priceDifferenceCents: number;
  monthlyTotalDifferenceCents: number;
  feeCents: number;
  summary: string;
};

/** Applies scheduled plan changes whose day has come (for one customer, or all). Returns how many. */
export async function settleDuePlanChanges(db: Db, { customerId, now }: { customerId?: string; now: Date }): Promise<number> {
  const today = localDay(now);
  const rows = await db
    .update(subscriptions)
    .set({ planId: sql`${subscriptions.pendingPlanId}`, pendingPlanId: null, pendingEffectiveOn: null })
    .where(
      and(
        isNotNull(subscriptions.pendingPlanId),
        lte(subscriptions.pendingEffectiveOn, today),
        customerId ? eq(subscriptions.customerId, customerId) : undefined,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length;
}

/** Re-checks the policy inside a transaction and switches the plan (upgrade) or schedules it (downgrade), audited. */
export async function executeChangePlan(db: Db, scope: ActorScope & { planId: string }): Promise<Outcome<PlanChangeResult>> {
  const { customerId, planId, now } = scope;
  return runAudited<PlanChangeResult>(db, { ...scope, action: 'change_plan', input: { planId } }, async (tx) => {
    const customer = await loadCustomer(tx, { customerId, lock: true });
    if (!customer) return { outcome: NOT_A_CUSTOMER };
    await settleDuePlanChanges(tx, { customerId, now });
    const decision = await decidePlanChange(tx, { customerId, planId, now, lock: true });
    if (!decision.ok) return { outcome: decision };
    const d = decision.value;
    const sub = d.held.subscription;
    const before = {
      subscriptionId: sub.id,
      planId: sub.planId,
      pendingPlanId: sub.pendingPlanId,
      pendingEffectiveOn: sub.pendingEffectiveOn,
      lastPlanChangeOn: sub.lastPlanChangeOn,
    };
    const set = d.immediate
      ? { planId: d.target.id, pendingPlanId: null, pendingEffectiveOn: null, lastPlanChangeOn: d.today }
      : { pendingPlanId: d.target.id, pendingEffectiveOn: d.effectiveOn, lastPlanChangeOn: d.today };
    const [updated] = await tx.update(subscriptions).set(set).where(eq(subscriptions.id, sub.id)).returning();
    if (!updated) throw new Error(`subscription ${sub.id} disappeared during the plan change`);
    const after = {
      subscriptionId: updated.id,
      planId: updated.planId,
      pendingPlanId: updated.pendingPlanId,
      pendingEffectiveOn: updated.pendingEffectiveOn,
      lastPlanChangeOn: updated.lastPlanChangeOn,
      feeCents: d.feeCents,
    };
    const totalDifference = d.totalAfterCents - d.totalBeforeCents;
    const when = d.immediate ? (d.target.kind === 'internet' ? 'within 24 hours' : 'now') : `on ${formatDayLabel(d.effectiveOn)}`;
    return {
      outcome: ok({
        subscriptionId: sub.id,
        kind: d.target.kind,
        from: { planId: d.current.id, name: d.current.name, monthlyPriceCents: d.current.monthlyPriceCents },
        to: { planId: d.target.id, name: d.target.name, monthlyPriceCents: d.target.monthlyPriceCents },
        direction: d.direction,
        effectiveOn: d.effectiveOn,
        immediate: d.immediate,
        priceDifferenceCents: d.target.monthlyPriceCents - d.current.monthlyPriceCents,
        monthlyTotalDifferenceCents: totalDifference,
        feeCents: d.feeCents,
        summary: `Your ${KIND_LABELS[d.target.kind]} plan changes from ${d.current.name} to ${d.target.name} ${when}. Your monthly total changes by ${formatMoneyDifference(totalDifference)}.${d.feeCents > 0 ? ` A one-off fee of ${formatMoney(d.feeCents)} applies.` : ''}`,
      }),
      before,
      after,
    };
  });
}
