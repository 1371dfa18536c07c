import { describe, expect, it } from 'vitest';
import type { ActionPreview } from '@/lib/domain/account-tools';
import { localizePreview } from './phrasing';
import { sameTerms } from './terms';

const downgrade = (fee: string | null, effective = 'On 1 Dec 2026'): ActionPreview => ({
  title: 'Downgrade your internet plan to Wave Home 100',
  changes: [
    { label: 'Plan', before: 'Wave Home 500', after: 'Wave Home 100' },
    { label: 'Monthly price', before: 'CHF 64.00', after: 'CHF 49.00' },
    { label: 'Takes effect', before: null, after: effective },
    ...(fee ? [{ label: 'One-off fee', before: null, after: fee }] : []),
  ],
  notes: ['The change is free of charge.'],
});

describe('sameTerms', () => {
  it('accepts the card it was built from, in whichever language the card was shown', () => {
    for (const lang of ['en', 'de', 'fr', 'it'] as const) {
      expect(sameTerms('change_plan', localizePreview('change_plan', downgrade(null), lang), downgrade(null))).toBe(true);
    }
  });

  it('rejects a changed fee, price, date, change or note', () => {
    const shown = localizePreview('change_plan', downgrade(null), 'de');
    expect(sameTerms('change_plan', shown, downgrade('CHF 49.00'))).toBe(false);
    expect(sameTerms('change_plan', shown, downgrade(null, 'On 1 Jan 2027'))).toBe(false);
    const price = downgrade(null);
    price.changes[1] = { label: 'Monthly price', before: 'CHF 64.00', after: 'CHF 54.00' };
    expect(sameTerms('change_plan', shown, price)).toBe(false);
    const plan = downgrade(null);
    plan.changes[0] = { label: 'Plan', before: 'Wave Home 1000', after: 'Wave Home 100' };
    expect(sameTerms('change_plan', shown, plan)).toBe(false);
    // Moving an appointment at short notice: the fee is only in the notes.
    expect(sameTerms('change_plan', shown, { ...downgrade(null), notes: ['A one-off fee of CHF 49.00 applies.'] })).toBe(false);
  });

  it('ignores whitespace, and treats a stored card of an unexpected shape as changed', () => {
    const spaced = downgrade(null);
    spaced.title = `  ${spaced.title.replace(/ /g, '  ')} `;
    expect(sameTerms('change_plan', spaced, downgrade(null))).toBe(true);
    expect(sameTerms('change_plan', { title: 'x' } as unknown as ActionPreview, downgrade(null))).toBe(false);
  });
});
