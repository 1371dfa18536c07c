import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, invoices, subscriptions } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { getAccountOverview } from './customers';
import { executeChangePlan, listAvailablePlans, previewChangePlan, settleDuePlanChanges } from './plans';
import { TEST_NOW, auditRows, snapshotCustomerSystem, useDemoDatabase, value, warmPool } from './testing';

const now = TEST_NOW;


describe.each(testBackends())('change plan on $name', ({ open }) => {
  const demo = useDemoDatabase(open);
  const actor = () => ({ actorUserId: demo.ids.anna.userId, approvalId: randomUUID() });

  async function subscription(customerId: string, kind: 'internet' | 'mobile' | 'tv') {
    const rows = await demo.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
    const row = rows.find((r) => r.kind === kind);
    if (!row) throw new Error(`no ${kind} subscription`);
    return row;
  }

  /** Preview and execute both refuse with the reason; nothing changes but one 'refused' audit row. */
  async function expectRefused(customerId: string, planId: string, reason: string) {
    const db = demo.database.db;
    const before = await snapshotCustomerSystem(demo.database);
    const preview = await previewChangePlan(db, { customerId, planId, now });
    expect(preview).toMatchObject({ ok: false, reason, message: expect.any(String) });
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
    const executed = await executeChangePlan(db, { customerId, planId, now, ...actor() });
    expect(executed).toMatchObject({ ok: false, reason });
    const audit = await auditRows(demo.database, customerId);
    expect(audit).toEqual([expect.objectContaining({ action: 'change_plan', outcome: 'refused', reason, before: null, after: null, input: { planId } })]);
    return preview.ok ? null : preview;
  }

  it('refuses an unknown plan and offers the switchable ones', async () => {
    const refusal = await expectRefused(demo.ids.anna.customerId, 'wave-home-9000', 'plan_unknown');
    expect(refusal?.alternatives).toEqual(expect.arrayContaining([expect.objectContaining({ planId: 'wave-home-1000' })]));
  });

  it('refuses every change while an invoice is more than 30 days overdue', async () => {
    const refusal = await expectRefused(demo.ids.luca.customerId, 'wave-mobile-m', 'overdue_invoice');
    expect(refusal?.message).toContain('INV-2026-09-200117');
    expect(refusal?.alternatives).toEqual([expect.objectContaining({ id: 'INV-2026-09-200117', overdueDays: 53 })]);
  });

  it('allows changes again once the overdue invoice is paid, and at exactly 30 days overdue', async () => {
    const db = demo.database.db;
    await db.update(invoices).set({ status: 'paid', paidOn: '2026-11-20' }).where(eq(invoices.id, 'INV-2026-09-200117'));
    // The October invoice is 23 days overdue: reminders, but no block.
    expect(value(await previewChangePlan(db, { customerId: demo.ids.luca.customerId, planId: 'wave-mobile-m', now })).title).toContain('Wave Mobile M');
    // 30 days overdue is not "more than 30".
    const at30 = new Date('2026-11-30T10:00:00+01:00');
    expect((await previewChangePlan(db, { customerId: demo.ids.luca.customerId, planId: 'wave-mobile-m', now: at30 })).ok).toBe(true);
    const at31 = new Date('2026-12-01T10:00:00+01:00');
    expect(await previewChangePlan(db, { customerId: demo.ids.luca.customerId, planId: 'wave-mobile-m', now: at31 })).toMatchObject({ ok: false, reason: 'overdue_invoice' });
  });

  it('refuses a plan of a kind the customer does not have', async () => {
    await expectRefused(demo.ids.james.customerId, 'wave-tv-plus', 'plan_not_switchable');
  });

  it('refuses the plan the customer already has', async () => {
    await expectRefused(demo.ids.anna.customerId, 'wave-home-500', 'same_plan');
  });

  it('refuses a plan not offered in the area, with the offered ones as alternatives', async () => {
    const refusal = await expectRefused(demo.ids.claire.customerId, 'wave-fiber-10g', 'plan_not_in_area');
    expect(refusal?.alternatives).toEqual([
      { planId: 'wave-home-100', name: 'Wave Home 100', monthlyPriceCents: 4900 },
      { planId: 'wave-home-500', name: 'Wave Home 500', monthlyPriceCents: 6400 },
    ]);
  });

  it('refuses a fibre plan at an address without fibre', async () => {
    await demo.database.db.update(customers).set({ hasFibre: false }).where(eq(customers.id, demo.ids.james.customerId));
    const refusal = await expectRefused(demo.ids.james.customerId, 'wave-home-500', 'plan_not_in_area');
    expect(refusal?.message).toContain('fibre');
  });

  it('previews an upgrade without changing anything', async () => {
    const before = await snapshotCustomerSystem(demo.database);
    const preview = value(await previewChangePlan(demo.database.db, { customerId: demo.ids.anna.customerId, planId: 'wave-home-1000', now }));
    expect(preview.title).toBe('Upgrade your internet plan to Wave Home 1000');
    expect(preview.changes).toEqual([
      { label: 'Plan', before: 'Wave Home 500', after: 'Wave Home 1000' },
      { label: 'Monthly price', before: 'CHF 64.00', after: 'CHF 79.00' },
      { label: 'Monthly difference', before: null, after: '+CHF 15.00' },
      { label: 'Takes effect', before: null, after: 'Within 24 hours (from 23 Nov 2026)' },
    ]);
    expect(preview.notes.join(' ')).toContain('minimum term (until 28 Feb 2027) does not restart');
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
  });

  it('executes an upgrade at once: exactly the subscription changes, with one audit row', async () => {
    const db = demo.database.db;
    const sub = await subscription(demo.ids.anna.customerId, 'internet');
    const { approvalId, actorUserId } = actor();
    const result = value(await executeChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-home-1000', now, actorUserId, approvalId }));
    expect(result).toMatchObject({ direction: 'upgrade', immediate: true, effectiveOn: '2026-11-23', priceDifferenceCents: 1500, monthlyTotalDifferenceCents: 1500, feeCents: 0 });
    expect(await subscription(demo.ids.anna.customerId, 'internet')).toEqual({ ...sub, planId: 'wave-home-1000', lastPlanChangeOn: '2026-11-23' });
    const audit = await auditRows(demo.database, demo.ids.anna.customerId);
    expect(audit).toEqual([
      {
        action: 'change_plan',
        outcome: 'executed',
        reason: null,
        input: { planId: 'wave-home-1000' },
        actor_user_id: actorUserId,
        approval_id: approvalId,
        before: { subscriptionId: sub.id, planId: 'wave-home-500', pendingPlanId: null, pendingEffectiveOn: null, lastPlanChangeOn: null },
        after: { subscriptionId: sub.id, planId: 'wave-home-1000', pendingPlanId: null, pendingEffectiveOn: null, lastPlanChangeOn: '2026-11-23', feeCents: 0 },
      },
    ]);
    const overview = value(await getAccountOverview(db, { customerId: demo.ids.anna.customerId, now }));
    expect(overview.monthly.totalCents).toBe(10900);
  });

  it('schedules a downgrade for the 1st of next month and shows a lost discount', async () => {
    const db = demo.database.db;
    const preview = value(await previewChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-mobile-s', now }));
    expect(preview.changes).toContainEqual({ label: 'Takes effect', before: null, after: 'On 1 Dec 2026' });
    expect(preview.changes).toContainEqual({ label: 'Monthly difference', before: null, after: '-CHF 6.00' });
    expect(preview.changes).toContainEqual({ label: 'Monthly total incl. discounts', before: 'CHF 94.00', after: 'CHF 88.00' });
    expect(preview.notes.join(' ')).toContain('Combo discount Wave Mobile M (CHF 10.00 a month) ends');

    const sub = await subscription(demo.ids.anna.customerId, 'mobile');
    const result = value(await executeChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-mobile-s', now, ...actor() }));
    expect(result).toMatchObject({ direction: 'downgrade', immediate: false, effectiveOn: '2026-12-01', priceDifferenceCents: -1600, monthlyTotalDifferenceCents: -600 });
    expect(await subscription(demo.ids.anna.customerId, 'mobile')).toEqual({
      ...sub,
      pendingPlanId: 'wave-mobile-s',
      pendingEffectiveOn: '2026-12-01',
      lastPlanChangeOn: '2026-11-23',
    });
    const overview = value(await getAccountOverview(db, { customerId: demo.ids.anna.customerId, now }));
    expect(overview.subscriptions.find((s) => s.kind === 'mobile')).toMatchObject({ planId: 'wave-mobile-m', pendingChange: { planId: 'wave-mobile-s', effectiveOn: '2026-12-01' } });
    expect(await auditRows(demo.database, demo.ids.anna.customerId)).toHaveLength(1);

    // On 1 December the customer is on the new plan, and may change again.
    const december = new Date('2026-12-01T09:00:00+01:00');
    const inDecember = value(await getAccountOverview(db, { customerId: demo.ids.anna.customerId, now: december }));
    expect(inDecember.subscriptions.find((s) => s.kind === 'mobile')).toMatchObject({ planId: 'wave-mobile-s', pendingChange: null });
    expect(await settleDuePlanChanges(db, { now: december })).toBe(1);
    expect(await subscription(demo.ids.anna.customerId, 'mobile')).toMatchObject({ planId: 'wave-mobile-s', pendingPlanId: null, pendingEffectiveOn: null });
    expect((await previewChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-mobile-l', now: december })).ok).toBe(true);
  });

  it('charges CHF 49 for an internet downgrade within the minimum term, nothing for TV', async () => {
    const db = demo.database.db;
    const internet = value(await previewChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-home-100', now }));
    expect(internet.changes).toContainEqual({ label: 'One-off fee', before: null, after: 'CHF 49.00' });
    const result = value(await executeChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-home-100', now, ...actor() }));
    expect(result.feeCents).toBe(4900);
    // Claire's minimum term ended in August: her downgrades are free.
    const claire = value(await executeChangePlan(db, { customerId: demo.ids.claire.customerId, planId: 'wave-tv-basic', now, ...actor() }));
    expect(claire).toMatchObject({ feeCents: 0, effectiveOn: '2026-12-01', immediate: false });
  });

  it('allows one change per subscription per calendar month', async () => {
    const db = demo.database.db;
    value(await executeChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-mobile-l', now, ...actor() }));
    const second = await previewChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-mobile-unlimited', now });
    expect(second).toMatchObject({ ok: false, reason: 'plan_change_this_month', alternatives: [{ changeAllowedFrom: '2026-12-01' }] });
    // Another subscription of the same customer is not affected.
    expect((await previewChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-tv-plus', now })).ok).toBe(true);
    const executed = await executeChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-mobile-unlimited', now, ...actor() });
    expect(executed).toMatchObject({ ok: false, reason: 'plan_change_this_month' });
    expect((await auditRows(demo.database, demo.ids.anna.customerId)).map((a) => a.outcome)).toEqual(['executed', 'refused']);
    const plans = value(await listAvailablePlans(db, { customerId: demo.ids.anna.customerId, now, kind: 'mobile' }));
    expect(plans.options.every((o) => o.changeBlocked?.reason === 'plan_change_this_month')).toBe(true);
  });

  it('executes two concurrent changes of one subscription exactly once', async () => {
    const db = demo.database.db;
    await warmPool(demo.database);
    const results = await Promise.all([
      executeChangePlan(db, { customerId: demo.ids.james.customerId, planId: 'wave-home-500', now, ...actor() }),
      executeChangePlan(db, { customerId: demo.ids.james.customerId, planId: 'wave-home-1000', now, ...actor() }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([expect.objectContaining({ reason: 'plan_change_this_month' })]);
    const winner = results.find((r) => r.ok);
    const sub = await subscription(demo.ids.james.customerId, 'internet');
    expect(winner?.ok && sub.planId).toBe(winner?.ok ? winner.value.to.planId : null);
    expect((await auditRows(demo.database, demo.ids.james.customerId)).map((a) => a.outcome).sort()).toEqual(['executed', 'refused']);
  });

  it('refuses an unknown customer', async () => {
    expect(await previewChangePlan(demo.database.db, { customerId: randomUUID(), planId: 'wave-home-1000', now })).toMatchObject({ ok: false, reason: 'not_a_customer' });
  });
});
