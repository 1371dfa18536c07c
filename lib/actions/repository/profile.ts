import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Outcome } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import { outages, type CustomerRow, type OutageRow, type PlanRow } from '@/lib/db/schema';
import { localDay } from './dates';
import { loadDevices } from './devices';
import { ok } from './outcome';
import { NOT_A_CUSTOMER, heldPlans, loadActiveSubscriptions, loadArea, loadCatalog, loadCustomer, type CustomerScope } from './shared';

/**
 * The small read-only profile the chat shapes its answers with: the customer's modems, plans,
 * area and language. No name, address, email, phone or money: what a help answer may depend on,
 * nothing more (the account tools read the rest when the customer asks for it).
 */
export type CustomerProfile = {
  /** When it was read: "today" and "tomorrow" in what the chat says are counted from here. */
  asOf: Date;
  language: CustomerRow['language'];
  devices: { model: string; status: 'online' | 'offline' }[];
  plans: { kind: PlanRow['kind']; planId: string; planName: string }[];
  area: { id: string; name: string };
  /** Ongoing outages in the customer's area of services they have. */
  outages: { service: OutageRow['service']; since: Date; expectedEndAt: Date | null }[];
  /** Services restricted for an invoice overdue too long (internet slowed, outgoing calls and TV blocked). */
  restricted: boolean;
};

export async function getCustomerProfile(db: Db, { customerId, now }: CustomerScope): Promise<Outcome<CustomerProfile>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const [boxes, subscriptions, catalog, area, ongoing] = await Promise.all([
    loadDevices(db, { customerId }),
    loadActiveSubscriptions(db, { customerId }),
    loadCatalog(db),
    loadArea(db, { areaId: customer.areaId }),
    db
      .select()
      .from(outages)
      .where(and(eq(outages.areaId, customer.areaId), lte(outages.startedAt, now), or(isNull(outages.resolvedAt), gt(outages.resolvedAt, now)))),
  ]);
  const plans = heldPlans(subscriptions, catalog, localDay(now)).map((h) => ({ kind: h.plan.kind, planId: h.plan.id, planName: h.plan.name }));
  const kinds = new Set<string>(plans.map((p) => p.kind));
  return ok({
    asOf: now,
    language: customer.language,
    devices: boxes.map((d) => ({ model: d.model, status: d.status })),
    plans,
    area,
    outages: ongoing.filter((o) => kinds.has(o.service)).map((o) => ({ service: o.service, since: o.startedAt, expectedEndAt: o.expectedEndAt })),
    restricted: customer.status === 'restricted',
  });
}
