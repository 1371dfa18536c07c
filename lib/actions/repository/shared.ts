import { and, asc, eq } from 'drizzle-orm';
import type { Refusal } from '@/lib/domain/account-tools';
import { effectivePlanId } from '@/lib/actions/policy';
import type { Db } from '@/lib/db/client';
import { customers, plans, serviceAreas, subscriptions, type CustomerRow, type PlanRow, type SubscriptionRow } from '@/lib/db/schema';
import { refuse } from './outcome';

/** What every repository function receives besides its own arguments. */
export type CustomerScope = { customerId: string; now: Date };

/** What every execute function additionally receives: who acts, under which approval (for the audit log). */
export type ActorScope = CustomerScope & { actorUserId: string | null; approvalId: string | null };

export const NOT_A_CUSTOMER: Refusal = Object.freeze(
  refuse('not_a_customer', 'We could not find a customer account linked to your sign-in. A person from our team can help you with your account.'),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The customer row; with `lock`, locked for the rest of the transaction (writes for one customer run one at a time). */
export async function loadCustomer(db: Db, { customerId, lock = false }: { customerId: string; lock?: boolean }): Promise<CustomerRow | undefined> {
  if (!isUuid(customerId)) return undefined;
  const query = db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function loadArea(db: Db, { areaId }: { areaId: string }): Promise<{ id: string; name: string }> {
  const [area] = await db.select({ id: serviceAreas.id, name: serviceAreas.name }).from(serviceAreas).where(eq(serviceAreas.id, areaId)).limit(1);
  return area ?? { id: areaId, name: areaId };
}

export async function loadCatalog(db: Db): Promise<Map<string, PlanRow>> {
  const rows = await db.select().from(plans).orderBy(asc(plans.kind), asc(plans.tier));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function loadActiveSubscriptions(db: Db, { customerId, lock = false }: { customerId: string; lock?: boolean }): Promise<SubscriptionRow[]> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.status, 'active')))
    // One active subscription per kind: ordered by kind, the overview reads the same every time.
    .orderBy(asc(subscriptions.kind), asc(subscriptions.startedOn));
  return lock ? query.for('update') : query;
}

export type HeldPlan = { subscription: SubscriptionRow; plan: PlanRow; pendingPlan: PlanRow | null };

/** The customer's active subscriptions with the plan each is on today (a due scheduled change counts). */
export function heldPlans(subs: SubscriptionRow[], catalog: Map<string, PlanRow>, today: string): HeldPlan[] {
  const held: HeldPlan[] = [];
  for (const subscription of subs) {
    const planId = effectivePlanId(subscription, today);
    const plan = catalog.get(planId);
    if (!plan) continue;
    const pendingDue = planId !== subscription.planId;
    const pendingPlan = !pendingDue && subscription.pendingPlanId ? (catalog.get(subscription.pendingPlanId) ?? null) : null;
    held.push({ subscription, plan, pendingPlan });
  }
  return held;
}
