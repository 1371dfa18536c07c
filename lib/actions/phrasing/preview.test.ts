import { describe, expect, it } from 'vitest';
import { WRITE_TOOL_NAMES, type ActionPreview, type WriteToolName } from '@/lib/domain/account-tools';
import type { Locale } from '@/lib/i18n/locales';
import { localizePreview } from './index';
import { languageOf } from './testing';

/** Previews exactly as lib/actions/repository writes them (see its preview… functions). */
const PREVIEWS: { name: string; tool: WriteToolName; preview: ActionPreview; kept: string[]; said: Record<Exclude<Locale, 'en'>, string[]> }[] = [
  {
    name: 'internet upgrade',
    tool: 'change_plan',
    preview: {
      title: 'Upgrade your internet plan to Wave Home 1000',
      changes: [
        { label: 'Plan', before: 'Wave Home 500', after: 'Wave Home 1000' },
        { label: 'Monthly price', before: 'CHF 64.00', after: 'CHF 79.00' },
        { label: 'Monthly difference', before: null, after: '+CHF 15.00' },
        { label: 'Takes effect', before: null, after: 'Within 24 hours (from 23 Nov 2026)' },
      ],
      notes: [
        'The new price is charged pro-rated from the day of the change; the upgrade is free of charge.',
        'A restart of your Box may be needed for the new speed.',
        'Your minimum term (until 28 Feb 2027) does not restart.',
        'A plan can be changed once per calendar month: the next change is possible from 1 Dec 2026.',
      ],
    },
    kept: ['Wave Home 500', 'Wave Home 1000', 'CHF 64.00', 'CHF 79.00', '+CHF 15.00'],
    said: {
      de: ['Internet-Abo', 'Innerhalb von 24 Stunden (ab 23. November 2026)', '28. Februar 2027', 'ab 1. Dezember 2026'],
      fr: ['abonnement internet', 'Dans les 24 heures (dès le 23 novembre 2026)', '28 février 2027', 'dès le 1er décembre 2026'],
      it: ['abbonamento internet', 'Entro 24 ore (dal 23 novembre 2026)', '28 febbraio 2027', 'dal 1° dicembre 2026'],
    },
  },
  {
    name: 'mobile downgrade losing a discount',
    tool: 'change_plan',
    preview: {
      title: 'Downgrade your mobile plan to Wave Mobile S',
      changes: [
        { label: 'Plan', before: 'Wave Mobile M', after: 'Wave Mobile S' },
        { label: 'Monthly price', before: 'CHF 35.00', after: 'CHF 19.00' },
        { label: 'Takes effect', before: null, after: 'On 1 Dec 2026' },
        { label: 'Monthly total incl. discounts', before: 'CHF 94.00', after: 'CHF 88.00' },
        { label: 'One-off fee', before: null, after: 'CHF 49.00' },
      ],
      notes: [
        'You keep Wave Mobile M until the end of the month; the new plan starts on 1 Dec 2026.',
        'A one-off fee of CHF 49.00 applies because the downgrade takes effect within your minimum term (until 28 Feb 2027).',
        'The change is free of charge.',
        'The Combo discount Wave Mobile M (CHF 10.00 a month) ends with this change.',
        'Wave Fiber 10G needs the Alpenwave Box 5; we send you one free of charge with this plan.',
      ],
    },
    kept: ['Wave Mobile M', 'Wave Mobile S', 'CHF 94.00', 'CHF 88.00', 'CHF 49.00', 'CHF 10.00'],
    said: {
      de: ['Mobilfunk-Abo', 'Am 1. Dezember 2026', 'Kombi-Rabatt Wave Mobile M', 'Einmalige Gebühr'],
      fr: ['abonnement mobile', 'Le 1er décembre 2026', 'rabais combiné Wave Mobile M', 'Frais uniques'],
      it: ['abbonamento mobile', 'Il 1° dicembre 2026', 'sconto combinato Wave Mobile M', 'Tassa unica'],
    },
  },
  {
    name: 'TV upgrade',
    tool: 'change_plan',
    preview: {
      title: 'Upgrade your TV plan to Wave TV Plus',
      changes: [{ label: 'Takes effect', before: null, after: 'Immediately (23 Nov 2026)' }],
      notes: [],
    },
    kept: ['Wave TV Plus'],
    said: { de: ['TV-Abo', 'Sofort (23. November 2026)'], fr: ['abonnement TV', 'Immédiatement (23 novembre 2026)'], it: ['abbonamento TV', 'Subito (23 novembre 2026)'] },
  },
  {
    name: 'reschedule',
    tool: 'reschedule_appointment',
    preview: {
      title: 'Move your repair appointment',
      changes: [{ label: 'Appointment', before: 'Sat 28 Nov 2026, 08:00–13:00', after: 'Tue 1 Dec 2026, 12:00–16:00' }],
      notes: [
        'Your current appointment starts in less than 24 hours, so moving it costs CHF 90.00.',
        'Moving the appointment is free of charge (more than 24 hours before it starts).',
        'You will get an SMS reminder the day before at 18:00, and the technician calls about 30 minutes before arriving. An adult (18+) must be at home.',
      ],
    },
    kept: ['CHF 90.00', '08:00–13:00', '12:00–16:00'],
    said: {
      de: ['Reparaturtermin', 'Samstag, 28. November 2026', 'Dienstag, 1. Dezember 2026'],
      fr: ['réparation', 'samedi 28 novembre 2026', 'mardi 1er décembre 2026'],
      it: ['riparazione', 'sabato 28 novembre 2026', 'martedì 1° dicembre 2026'],
    },
  },
  {
    name: 'restart',
    tool: 'restart_modem',
    preview: {
      title: 'Restart your Alpenwave Box 5',
      changes: [{ label: 'Box 5 (serial AW5-2308-48271)', before: 'Online', after: 'Restarts now, back online in about 3 minutes' }],
      notes: ['Internet, Wi-Fi, TV and the landline are interrupted for about 3 minutes.', 'Your settings and Wi-Fi password are kept.'],
    },
    kept: ['Box 5', 'AW5-2308-48271'],
    said: { de: ['Seriennummer', 'etwa 3 Minuten'], fr: ['numéro de série', 'environ 3 minutes'], it: ['numero di serie', 'circa 3 minuti'] },
  },
  {
    name: 'line test',
    tool: 'run_line_diagnostic',
    preview: {
      title: 'Run a line test',
      changes: [{ label: 'Line test', before: null, after: 'Fibre line of your Box 5 (serial AW5-2308-48271), about 1 minute' }],
      notes: ['The test runs from our network; your connection is not interrupted.'],
    },
    kept: ['Box 5', 'AW5-2308-48271'],
    said: { de: ['Glasfaserleitung'], fr: ['Ligne fibre'], it: ['Linea in fibra'] },
  },
  {
    name: 'new email',
    tool: 'update_contact_details',
    preview: {
      title: 'Update your email address',
      changes: [{ label: 'Email address', before: 'anna.meier@example.ch', after: 'anna.neu@example.ch' }],
      notes: ['We send a confirmation link to the new address.', 'Invoices and notices go to this address; the email you sign in with does not change.'],
    },
    kept: ['anna.meier@example.ch', 'anna.neu@example.ch'],
    said: { de: ['E-Mail-Adresse'], fr: ['adresse e-mail'], it: ['indirizzo e-mail'] },
  },
  {
    name: 'new phone number',
    tool: 'update_contact_details',
    preview: {
      title: 'Update your phone number',
      changes: [{ label: 'Phone number', before: '+41 79 482 73 61', after: '+41 79 555 12 34' }],
      notes: ['We send an SMS code to the new number to confirm it.', 'We use this number for SMS notices, appointment reminders and call-backs.'],
    },
    kept: ['+41 79 482 73 61', '+41 79 555 12 34'],
    said: { de: ['Telefonnummer'], fr: ['numéro de téléphone'], it: ['numero di telefono'] },
  },
  {
    name: 'call-back',
    tool: 'request_callback',
    preview: {
      title: 'Request a call back',
      changes: [
        { label: 'We call you on', before: null, after: '+41 79 482 73 61' },
        { label: 'Topic', before: null, after: 'Your account' },
      ],
      notes: [
        'A person from our support team calls you back in German. Our agents work Monday to Saturday, 08:00–20:00.',
        'If this is not the right number, update your phone number first.',
      ],
    },
    kept: ['+41 79 482 73 61'],
    said: { de: ['auf Deutsch', 'Ihr Konto'], fr: ['en allemand', 'Votre compte'], it: ['in tedesco', 'Il Suo conto'] },
  },
];

const fixedParts = (p: ActionPreview) => [p.title, ...p.changes.map((c) => c.label), ...p.notes];
const allText = (p: ActionPreview) => [p.title, ...p.changes.flatMap((c) => [c.label, c.before ?? '', c.after]), ...p.notes].join('\n');

describe('localizePreview', () => {
  it('has a case for every write tool', () => {
    expect([...new Set(PREVIEWS.map((p) => p.tool))].sort()).toEqual([...WRITE_TOOL_NAMES].sort());
  });

  describe.each(PREVIEWS)('$name', ({ tool, preview, kept, said }) => {
    it.each(['de', 'fr', 'it'] as const)('translates the fixed parts into %s and keeps the values', (lang) => {
      const out = localizePreview(tool, preview, lang);
      const before = fixedParts(preview);
      fixedParts(out).forEach((part, i) => expect(part, `not translated: ${before[i]}`).not.toBe(before[i]));
      const text = allText(out);
      for (const value of kept) expect(text, value).toContain(value);
      for (const phrase of said[lang]) expect(text, phrase).toContain(phrase);
      expect(languageOf(fixedParts(out).join('\n'))).toBe(lang);
    });

    it('leaves English as it is and does not change its input', () => {
      const copy = structuredClone(preview);
      expect(localizePreview(tool, preview, 'en')).toEqual(preview);
      localizePreview(tool, preview, 'de');
      expect(preview).toEqual(copy);
    });
  });

  it('keeps text it does not recognise', () => {
    const preview: ActionPreview = {
      title: 'Upgrade your internet plan to Wave Home 1000',
      changes: [{ label: 'Router', before: null, after: 'A new one is sent by post' }],
      notes: ['Your fixed IPv4 address stays the same.'],
    };
    const out = localizePreview('change_plan', preview, 'de');
    expect(out.title).toBe('Upgrade: Internet-Abo auf Wave Home 1000 wechseln');
    expect(out.changes[0]).toEqual({ label: 'Router', before: null, after: 'A new one is sent by post' });
    expect(out.notes).toEqual(['Your fixed IPv4 address stays the same.']);
  });
});
