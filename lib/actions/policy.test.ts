import { describe, expect, it } from 'vitest';
import {
  accountDiscounts,
  appointmentChangeFeeCents,
  blocksPlanChanges,
  changedThisMonth,
  effectivePlanId,
  firmwareUpToDate,
  minimumTermEndsOn,
  monthlyTotalCents,
  normalizeEmailAddress,
  normalizePhoneNumber,
  overdueDays,
  planChangeDirection,
  planChangeEffectiveOn,
  planChangeFeeCents,
  planSpeeds,
  planSwitchRefusal,
  slotFarEnoughAhead,
  type PlanFacts,
} from './policy';

const plan = (id: string, kind: PlanFacts['kind'], tier: number, price: number, extra: Partial<PlanFacts> = {}): PlanFacts => ({
  id,
  name: id,
  kind,
  tier,
  monthlyPriceCents: price,
  areas: ['zurich', 'lugano'],
  requiresFibre: false,
  ...extra,
});
const home100 = plan('wave-home-100', 'internet', 1, 4900);
const home500 = plan('wave-home-500', 'internet', 2, 6400, { requiresFibre: true });
const fiber10g = plan('wave-fiber-10g', 'internet', 4, 9900, { requiresFibre: true, areas: ['zurich'] });
const mobileS = plan('wave-mobile-s', 'mobile', 1, 1900);
const mobileM = plan('wave-mobile-m', 'mobile', 2, 3500);
const tvBasic = plan('wave-tv-basic', 'tv', 1, 1500);
const phoneBasic = plan('wave-phone-basic', 'phone', 1, 500);

describe('overdue invoices', () => {
  it('counts days past the due date of open invoices only', () => {
    expect(overdueDays({ status: 'open', dueOn: '2026-10-01' }, '2026-10-31')).toBe(30);
    expect(overdueDays({ status: 'open', dueOn: '2026-12-01' }, '2026-11-23')).toBe(0);
    expect(overdueDays({ status: 'paid', dueOn: '2026-01-01' }, '2026-11-23')).toBe(0);
  });

  it('blocks plan changes only when more than 30 days overdue', () => {
    expect(blocksPlanChanges({ status: 'open', dueOn: '2026-10-01' }, '2026-10-31')).toBe(false);
    expect(blocksPlanChanges({ status: 'open', dueOn: '2026-10-01' }, '2026-11-01')).toBe(true);
    expect(blocksPlanChanges({ status: 'paid', dueOn: '2026-01-01' }, '2026-11-01')).toBe(false);
  });
});

describe('plan switching', () => {
  const fibreInZurich = { areaId: 'zurich', hasFibre: true };

  it('allows another plan of the same kind that is offered at the address', () => {
    expect(planSwitchRefusal({ current: home100, target: home500, place: fibreInZurich })).toBeNull();
  });

  it('refuses the same plan, another kind, no current plan, another area, and fibre plans without fibre', () => {
    expect(planSwitchRefusal({ current: home100, target: home100, place: fibreInZurich })?.reason).toBe('same_plan');
    expect(planSwitchRefusal({ current: home100, target: mobileM, place: fibreInZurich })?.reason).toBe('plan_not_switchable');
    expect(planSwitchRefusal({ current: null, target: phoneBasic, place: fibreInZurich })?.reason).toBe('plan_not_switchable');
    expect(planSwitchRefusal({ current: home100, target: fiber10g, place: { areaId: 'lugano', hasFibre: true } })).toMatchObject({
      reason: 'plan_not_in_area',
      message: expect.stringContaining('not offered in your area'),
    });
    expect(planSwitchRefusal({ current: home100, target: home500, place: { areaId: 'zurich', hasFibre: false } })).toMatchObject({
      reason: 'plan_not_in_area',
      message: expect.stringContaining('fibre'),
    });
  });

  it('upgrades take effect today, downgrades on the 1st of next month', () => {
    expect(planChangeDirection(home100, home500)).toBe('upgrade');
    expect(planChangeDirection(mobileM, mobileS)).toBe('downgrade');
    expect(planChangeEffectiveOn('upgrade', '2026-11-23')).toBe('2026-11-23');
    expect(planChangeEffectiveOn('downgrade', '2026-11-23')).toBe('2026-12-01');
    expect(planChangeEffectiveOn('downgrade', '2026-12-31')).toBe('2027-01-01');
  });

  it('allows one change per subscription per calendar month', () => {
    expect(changedThisMonth({ lastPlanChangeOn: null }, '2026-11-23')).toBe(false);
    expect(changedThisMonth({ lastPlanChangeOn: '2026-11-01' }, '2026-11-30')).toBe(true);
    expect(changedThisMonth({ lastPlanChangeOn: '2026-10-31' }, '2026-11-01')).toBe(false);
    expect(changedThisMonth({ lastPlanChangeOn: '2025-11-10' }, '2026-11-10')).toBe(false);
  });

  it('charges CHF 49 for an internet downgrade within the minimum term only', () => {
    const base = { kind: 'internet' as const, direction: 'downgrade' as const, effectiveOn: '2026-12-01' };
    expect(planChangeFeeCents({ ...base, minTermEndsOn: '2027-02-28' })).toBe(4900);
    expect(planChangeFeeCents({ ...base, minTermEndsOn: '2026-11-30' })).toBe(0);
    expect(planChangeFeeCents({ ...base, kind: 'tv', minTermEndsOn: '2027-02-28' })).toBe(0);
    expect(planChangeFeeCents({ ...base, direction: 'upgrade', minTermEndsOn: '2027-02-28' })).toBe(0);
  });

  it('counts a scheduled downgrade from its effective day', () => {
    const sub = { planId: 'wave-mobile-m', pendingPlanId: 'wave-mobile-s', pendingEffectiveOn: '2026-12-01' };
    expect(effectivePlanId(sub, '2026-11-30')).toBe('wave-mobile-m');
    expect(effectivePlanId(sub, '2026-12-01')).toBe('wave-mobile-s');
  });

  it('gives fixed services a 12-month minimum term and mobile none', () => {
    expect(minimumTermEndsOn('internet', '2026-03-01')).toBe('2027-02-28');
    expect(minimumTermEndsOn('tv', '2024-02-29')).toBe('2025-02-28');
    expect(minimumTermEndsOn('mobile', '2026-03-01')).toBeNull();
  });
});

describe('bundle discounts', () => {
  it('applies Duo, Trio instead of Duo, and a combo discount per qualifying mobile plan', () => {
    expect(accountDiscounts([home500, tvBasic]).map((d) => d.amountCents)).toEqual([-1000]);
    expect(accountDiscounts([home500, tvBasic, phoneBasic]).map((d) => d.amountCents)).toEqual([-1500]);
    expect(accountDiscounts([home500, mobileM]).map((d) => d.label)).toEqual(['Combo discount wave-mobile-m']);
    expect(accountDiscounts([home500, mobileS])).toEqual([]);
    expect(accountDiscounts([mobileM, tvBasic])).toEqual([]);
  });

  it('totals plan prices minus discounts', () => {
    // Anna: Home 500 + Mobile M + TV Basic = 114 - 10 (Duo) - 10 (combo).
    expect(monthlyTotalCents([home500, mobileM, tvBasic])).toBe(9400);
    // Switching Mobile M to S loses the combo discount: 16 cheaper, 10 less discount.
    expect(monthlyTotalCents([home500, mobileS, tvBasic]) - monthlyTotalCents([home500, mobileM, tvBasic])).toBe(-600);
  });
});

describe('appointments', () => {
  const now = new Date('2026-11-23T10:00:00+01:00');
  it('books and moves free of charge only at least 24 hours ahead', () => {
    expect(slotFarEnoughAhead(new Date('2026-11-24T10:00:00+01:00'), now)).toBe(true);
    expect(slotFarEnoughAhead(new Date('2026-11-24T08:00:00+01:00'), now)).toBe(false);
    expect(appointmentChangeFeeCents(new Date('2026-11-28T08:00:00+01:00'), now)).toBe(0);
    expect(appointmentChangeFeeCents(new Date('2026-11-23T16:00:00+01:00'), now)).toBe(9000);
  });
});

describe('contact details', () => {
  it('normalises valid email addresses and rejects invalid ones', () => {
    expect(normalizeEmailAddress('  Anna.Keller@Example.CH ')).toBe('anna.keller@example.ch');
    expect(normalizeEmailAddress('anna.keller@')).toBeNull();
    expect(normalizeEmailAddress('not an email')).toBeNull();
  });

  it('normalises Swiss and international phone numbers and rejects the rest', () => {
    expect(normalizePhoneNumber('079 123 45 67')).toBe('+41 79 123 45 67');
    expect(normalizePhoneNumber('0041791234567')).toBe('+41 79 123 45 67');
    expect(normalizePhoneNumber('+41 (0)79-123.45.67')).toBe('+41 79 123 45 67');
    expect(normalizePhoneNumber('+41 79 123 45 67')).toBe('+41 79 123 45 67');
    expect(normalizePhoneNumber('+49 30 1234567')).toBe('+49301234567');
    expect(normalizePhoneNumber('+41 79 123')).toBeNull();
    expect(normalizePhoneNumber('12345')).toBeNull();
    expect(normalizePhoneNumber('call me maybe')).toBeNull();
  });
});

describe('modems and speeds', () => {
  it('compares firmware versions numerically', () => {
    expect(firmwareUpToDate('Box 5', '5.4.2')).toBe(true);
    expect(firmwareUpToDate('Box 5', '5.4.1')).toBe(false);
    expect(firmwareUpToDate('Box 3', '3.10.0')).toBe(true);
  });

  it('reads speeds from plan summaries', () => {
    expect(planSpeeds('1000/500 Mbit/s download/upload, fibre')).toEqual({ downMbps: 1000, upMbps: 500 });
    expect(planSpeeds('10/10 Gbit/s download/upload')).toEqual({ downMbps: 10000, upMbps: 10000 });
    expect(planSpeeds('20 GB data')).toBeNull();
  });
});
