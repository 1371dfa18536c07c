import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { testBackends } from '@/lib/db/test-databases';
import { describeExecuted, localizePreview } from '@/lib/actions/phrasing';
import { executeRescheduleAppointment, previewRescheduleAppointment } from '@/lib/actions/repository/appointments';
import { previewChangePlan } from '@/lib/actions/repository/plans';
import { findDemoSlots } from '@/lib/actions/seed';
import { TEST_NOW, useDemoDatabase, value } from '@/lib/actions/repository/testing';
import { businessCurrency, businessTimeZone, formatMoney, formatMoneyDifference } from './business-settings';

// A company in New York that bills in US dollars: the settings as lib/config.ts reads them.
vi.mock('@/lib/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/config')>();
  const config = actual.parseConfig({ LANTERN_TIME_ZONE: 'America/New_York', LANTERN_CURRENCY: 'usd' });
  return { ...actual, getConfig: () => config };
});

describe('business settings from the configuration', () => {
  it('reads the time zone and the currency from the settings', () => {
    expect(businessTimeZone()).toBe('America/New_York');
    expect(businessCurrency()).toBe('USD');
    expect(formatMoney(6400)).toBe('USD 64.00');
    expect(formatMoneyDifference(1500)).toBe('+USD 15.00');
    expect(formatMoneyDifference(-600)).toBe('-USD 6.00');
  });
});

describe.each(testBackends())('a non-Swiss company on $name', ({ open }) => {
  const demo = useDemoDatabase(open);

  it("shows an approval card's amounts in the configured currency, in every language", async () => {
    const db = demo.database.db;
    const upgrade = value(await previewChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-home-1000', now: TEST_NOW }));
    expect(upgrade.changes).toContainEqual({ label: 'Monthly price', before: 'USD 64.00', after: 'USD 79.00' });
    expect(upgrade.changes).toContainEqual({ label: 'Monthly difference', before: null, after: '+USD 15.00' });
    expect(JSON.stringify(upgrade)).not.toContain('CHF');

    const downgrade = value(await previewChangePlan(db, { customerId: demo.ids.anna.customerId, planId: 'wave-home-100', now: TEST_NOW }));
    expect(downgrade.changes).toContainEqual({ label: 'One-off fee', before: null, after: 'USD 49.00' });
    // The card's sentences are still recognised and translated with the amount in another currency.
    const german = localizePreview('change_plan', downgrade, 'de');
    expect(german.notes.join(' ')).toContain('Es fällt eine einmalige Gebühr von USD 49.00 an');
    expect(german.notes.join(' ')).not.toContain('A one-off fee');
  });

  it('words a rescheduled appointment in the configured time zone', async () => {
    const db = demo.database.db;
    // The demo's slots are seeded in its own zone (content/seed: Europe/Zurich): 16:00 in Zurich is 10:00 in New York.
    const startsAt = '2026-12-03T16:00:00+01:00';
    const customerId = demo.ids.anna.customerId;
    const preview = value(await previewRescheduleAppointment(db, { customerId, startsAt, now: TEST_NOW }));
    expect(preview.changes.map((c) => c.after)).toContain('Thu 3 Dec 2026, 10:00–14:00');

    // At short notice the fee is an amount in the configured currency.
    const { currentSlot } = await findDemoSlots(db, { now: TEST_NOW });
    const late = new Date(new Date(currentSlot.startsAt).getTime() - 2 * 3_600_000);
    const atShortNotice = value(await previewRescheduleAppointment(db, { customerId, startsAt, now: late }));
    expect(atShortNotice.notes[0]).toContain('moving it costs USD 90.00');

    const result = value(await executeRescheduleAppointment(db, { customerId, startsAt, now: TEST_NOW, actorUserId: demo.ids.anna.userId, approvalId: randomUUID() }));
    expect(result.to.startsAt).toBe('2026-12-03T10:00:00-05:00');
    expect(describeExecuted('reschedule_appointment', result, 'en')).toContain('**Thursday 3 December 2026, 10:00–14:00**');
    expect(describeExecuted('reschedule_appointment', result, 'de')).toContain('**Donnerstag, 3. Dezember 2026, 10:00–14:00**');
  });
});
