import { eq } from 'drizzle-orm';
import type { Outcome } from '@/lib/domain/account-tools';
import { KIND_LABELS, accountDiscounts, monthlyTotalCents, type Discount } from '@/lib/actions/policy';
import type { Db } from '@/lib/db/client';
import { customers, type CustomerRow, type PlanRow } from '@/lib/db/schema';
import { appointmentView, loadNextAppointment, type AppointmentView } from './appointments';
import { formatDayLabel, localDay } from './dates';
import { loadDevices } from './devices';
import { loadOpenInvoices, summarizeInvoice, type InvoiceSummary } from './invoices';
import { ok } from './outcome';
import { NOT_A_CUSTOMER, heldPlans, isUuid, loadActiveSubscriptions, loadArea, loadCatalog, loadCustomer, type CustomerScope } from './shared';

export type CustomerIdentity = { customerId: string; customerNumber: string; name: string; language: CustomerRow['language'] };

/**
 * The customer account a signed-in user may act on. The only entry point that starts from the
 * session: every other function takes the customerId this returns.
 */
export async function resolveCustomer(db: Db, { userId }: { userId: string }): Promise<Outcome<CustomerIdentity>> {
  if (!isUuid(userId)) return NOT_A_CUSTOMER;
  const [row] = await db
    .select({ customerId: customers.id, customerNumber: customers.customerNumber, name: customers.name, language: customers.language })
    .from(customers)
    .where(eq(customers.userId, userId))
    .limit(1);
  return row ? ok(row) : NOT_A_CUSTOMER;
}

export type SubscriptionView = {
  id: string;
  kind: PlanRow['kind'];
  planId: string;
  planName: string;
  summary: string;
  monthlyPriceCents: number;
  startedOn: string;
  minTermEndsOn: string | null;
  /** A scheduled downgrade. */
  pendingChange: { planId: string; planName: string; monthlyPriceCents: number; effectiveOn: string } | null;
};

export type AccountOverview = {
  customer: {
    customerNumber: string;
    name: string;
    email: string;
    phone: string;
    language: CustomerRow['language'];
    status: CustomerRow['status'];
    address: { street: string; postcode: string; city: string };
    area: { id: string; name: string };
    hasFibre: boolean;
  };
  subscriptions: SubscriptionView[];
  /** Plans plus bundle discounts per month (usage such as roaming comes on top). */
  monthly: { plansCents: number; discounts: Discount[]; totalCents: number };
  /** Unpaid invoices, oldest first. */
  openInvoices: InvoiceSummary[];
  openBalanceCents: number;
  nextAppointment: AppointmentView | null;
  devices: { model: string; serial: string; status: 'online' | 'offline'; firmware: string }[];
  notes: string[];
};

/** Everything a customer usually asks about first: plans, what they owe, the next visit, the Box. */
export async function getAccountOverview(db: Db, { customerId, now }: CustomerScope): Promise<Outcome<AccountOverview>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const today = localDay(now);
  const catalog = await loadCatalog(db);
  const held = heldPlans(await loadActiveSubscriptions(db, { customerId }), catalog, today);
  const planList = held.map((h) => h.plan);
  const open = (await loadOpenInvoices(db, { customerId })).map((row) => summarizeInvoice(row, today));
  const next = await loadNextAppointment(db, { customerId, now });
  const boxes = await loadDevices(db, { customerId });

  const notes: string[] = [];
  if (customer.status === 'restricted') {
    notes.push(
      'Your services are restricted because an invoice is more than 30 days overdue: internet is slowed to 1 Mbit/s, outgoing mobile calls, SMS and data and TV are blocked (emergency numbers always work). They are restored within 2 hours after the payment is registered; a reactivation fee of CHF 30 applies.',
    );
  }
  for (const h of held) {
    if (h.pendingPlan && h.subscription.pendingEffectiveOn) {
      notes.push(`Your ${KIND_LABELS[h.plan.kind]} plan changes to ${h.pendingPlan.name} on ${formatDayLabel(h.subscription.pendingEffectiveOn)}.`);
    }
  }
  return ok({
    customer: {
      customerNumber: customer.customerNumber,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      language: customer.language,
      status: customer.status,
      address: { street: customer.street, postcode: customer.postcode, city: customer.city },
      area: await loadArea(db, { areaId: customer.areaId }),
      hasFibre: customer.hasFibre,
    },
    subscriptions: held.map((h) => ({
      id: h.subscription.id,
      kind: h.plan.kind,
      planId: h.plan.id,
      planName: h.plan.name,
      summary: h.plan.summary,
      monthlyPriceCents: h.plan.monthlyPriceCents,
      startedOn: h.subscription.startedOn,
      minTermEndsOn: h.subscription.minTermEndsOn,
      pendingChange:
        h.pendingPlan && h.subscription.pendingEffectiveOn
          ? { planId: h.pendingPlan.id, planName: h.pendingPlan.name, monthlyPriceCents: h.pendingPlan.monthlyPriceCents, effectiveOn: h.subscription.pendingEffectiveOn }
          : null,
    })),
    monthly: {
      plansCents: planList.reduce((sum, p) => sum + p.monthlyPriceCents, 0),
      discounts: accountDiscounts(planList),
      totalCents: monthlyTotalCents(planList),
    },
    openInvoices: open,
    openBalanceCents: open.reduce((sum, i) => sum + i.totalCents, 0),
    nextAppointment: next ? appointmentView(next) : null,
    devices: boxes.map((d) => ({ model: d.model, serial: d.serial, status: d.status, firmware: d.firmware })),
    notes,
  });
}
