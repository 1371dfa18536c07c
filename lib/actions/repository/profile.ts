import type { Outcome } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import type { CustomerRow, PlanRow } from '@/lib/db/schema';
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
  language: CustomerRow['language'];
  devices: { model: string; status: 'online' | 'offline' }[];
  plans: { kind: PlanRow['kind']; planId: string; planName: string }[];
  area: { id: string; name: string };
};

export async function getCustomerProfile(db: Db, { customerId, now }: CustomerScope): Promise<Outcome<CustomerProfile>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const [boxes, subscriptions, catalog, area] = await Promise.all([
    loadDevices(db, { customerId }),
    loadActiveSubscriptions(db, { customerId }),
    loadCatalog(db),
    loadArea(db, { areaId: customer.areaId }),
  ]);
  return ok({
    language: customer.language,
    devices: boxes.map((d) => ({ model: d.model, status: d.status })),
    plans: heldPlans(subscriptions, catalog, localDay(now)).map((h) => ({ kind: h.plan.kind, planId: h.plan.id, planName: h.plan.name })),
    area,
  });
}
