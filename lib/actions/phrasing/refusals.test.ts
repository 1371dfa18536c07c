import { describe, expect, it } from 'vitest';
import { REFUSAL_REASONS, type Refusal } from '@/lib/domain/account-tools';
import { LOCALES } from '@/lib/i18n/locales';
import { describeRefusal, refusalSentence } from './index';
import { languageOf, overdueInvoice, slot } from './testing';

describe('describeRefusal', () => {
  describe.each(REFUSAL_REASONS)('%s', (reason) => {
    it.each(LOCALES)('has a sentence in %s', (lang) => {
      const sentence = refusalSentence(reason, lang);
      expect(sentence).toEqual(expect.any(String));
      expect(languageOf(sentence ?? '')).toBe(lang);
      const text = describeRefusal({ ok: false, reason, message: 'An English message the chat should not show.' }, lang);
      expect(text).toBe(sentence);
      expect(text).not.toContain('English message');
    });

    it('says something different in each language', () => {
      const sentences = LOCALES.map((lang) => refusalSentence(reason, lang));
      expect(new Set(sentences).size).toBe(LOCALES.length);
    });
  });

  it('falls back to the English message for a reason it does not know', () => {
    const refusal = { ok: false, reason: 'quota_exceeded', message: 'You have reached the limit.' } as unknown as Refusal;
    expect(describeRefusal(refusal, 'de')).toBe('You have reached the limit.');
    expect(refusalSentence('quota_exceeded', 'de')).toBeNull();
  });

  it('lists the nearest free slots in calendar order', () => {
    const refusal: Refusal = {
      ok: false,
      reason: 'slot_taken',
      message: 'Thu 3 Dec 2026, 08:00–12:00 is already booked. These are the nearest free slots.',
      alternatives: [
        slot(12, '2026-12-03', '12:00', '16:00', 'Thu 3 Dec 2026, 12:00–16:00'),
        slot(9, '2026-12-02', '16:00', '20:00', 'Wed 2 Dec 2026, 16:00–20:00'),
      ],
    };
    const text = describeRefusal(refusal, 'de');
    expect(text).toContain('Dieser Termin ist nicht verfügbar');
    expect(text).toContain('Das sind die nächsten freien Termine:\n- Mittwoch, 2. Dezember 2026, 16:00–20:00\n- Donnerstag, 3. Dezember 2026, 12:00–16:00');
  });

  it('lists the plans that are offered, the blocking invoices and the other actions', () => {
    const plans = describeRefusal(
      {
        ok: false,
        reason: 'plan_not_in_area',
        message: 'Wave Fiber 10G is not offered in your area.',
        alternatives: [
          { planId: 'wave-home-500', name: 'Wave Home 500', monthlyPriceCents: 6400 },
          { planId: 'wave-home-1000', name: 'Wave Home 1000', monthlyPriceCents: 7900 },
        ],
      },
      'fr',
    );
    expect(plans).toContain("Cet abonnement n'est pas disponible à votre adresse");
    expect(plans).toContain('Ces abonnements sont disponibles à votre adresse :\n- Wave Home 500 : CHF 64.00 par mois\n- Wave Home 1000 : CHF 79.00 par mois');

    const overdue = describeRefusal({ ok: false, reason: 'overdue_invoice', message: 'Plan changes are not possible…', alternatives: [overdueInvoice] }, 'it');
    expect(overdue).toContain('**INV-2026-10-200118** del 1° ottobre 2026: CHF 50.20, scadenza il 31 ottobre 2026 — **scaduta** da 33 giorni');

    const offline = describeRefusal(
      { ok: false, reason: 'device_offline', message: 'Your Box 3 is offline…', alternatives: ['run_line_diagnostic', 'request_callback'] },
      'en',
    );
    expect(offline).toContain('I can also:\n- run a line test\n- arrange for a person to call you back');

    const notFound = describeRefusal(
      { ok: false, reason: 'not_found', message: 'We could not find invoice X on your account.', alternatives: [{ id: 'INV-2026-11-100232', issuedOn: '2026-11-01', totalCents: 9400 }] },
      'de',
    );
    expect(notFound).toContain('Ihre Rechnungen:\n- **INV-2026-11-100232** vom 1. November 2026: CHF 94.00');
  });

  it('says from when a plan can be changed again', () => {
    const refusal: Refusal = { ok: false, reason: 'plan_change_this_month', message: '…', alternatives: [{ changeAllowedFrom: '2027-01-01' }] };
    expect(describeRefusal(refusal, 'fr')).toContain('dès le 1er janvier 2027');
    expect(describeRefusal(refusal, 'de')).toContain('ab 1. Januar 2027 wieder wechseln');
    expect(describeRefusal({ ...refusal, alternatives: undefined }, 'en')).toContain('from the 1st of next month');
  });

  it('leaves out alternatives it cannot read', () => {
    const text = describeRefusal({ ok: false, reason: 'no_device', message: '…', alternatives: [42, { foo: 'bar' }, 'not_a_tool'] }, 'en');
    expect(text).toBe(refusalSentence('no_device', 'en'));
  });
});
