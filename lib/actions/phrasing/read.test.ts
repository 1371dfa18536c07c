import { describe, expect, it } from 'vitest';
import { READ_TOOL_NAMES, type ReadToolName } from '@/lib/domain/account-tools';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { describeReadResult, unreadableText } from './index';
import {
  accountOverview,
  availablePlans,
  freeSlots,
  invoiceExplanation,
  invoiceList,
  languageOf,
  modemStatus,
  onlineModem,
  outageStatus,
  restrictedOverview,
} from './testing';

type Case = { tool: ReadToolName; value: unknown; facts: (lang: Locale) => string[] };

const day = (lang: Locale, en: string, de: string, fr: string, it: string) => ({ en, de, fr, it })[lang];

/** Per read tool, a realistic value and the facts its answer must state in each language. */
const CASES: Case[] = [
  {
    tool: 'get_account_overview',
    value: accountOverview,
    facts: (lang) => [
      'AW-10482736',
      'Wave Home 500',
      day(lang, 'CHF 64.00 per month', 'CHF 64.00 pro Monat', 'CHF 64.00 par mois', 'CHF 64.00 al mese'),
      'Wave Mobile M',
      'CHF 35.00',
      'Wave TV Basic',
      'CHF 94.00',
      '-CHF 10.00',
      'INV-2026-12-100233',
      'CHF 118.30',
      'Box 5',
      'AW5-2308-48271',
      '5.4.2',
      'Wave Mobile S',
      day(lang, '1 January 2027', '1. Januar 2027', '1er janvier 2027', '1° gennaio 2027'),
      day(lang, 'Tuesday 8 December 2026, 08:00–12:00', 'Dienstag, 8. Dezember 2026, 08:00–12:00', 'mardi 8 décembre 2026, 08:00–12:00', 'martedì 8 dicembre 2026, 08:00–12:00'),
      day(lang, 'due on 31 December 2026', 'fällig am 31. Dezember 2026', 'échéance le 31 décembre 2026', 'scadenza il 31 dicembre 2026'),
    ],
  },
  {
    tool: 'list_invoices',
    value: invoiceList,
    facts: (lang) => [
      'INV-2026-12-100233',
      'INV-2026-11-100232',
      'INV-2026-10-100231',
      'CHF 118.30',
      'CHF 94.00',
      day(lang, 'paid on 13 November 2026', 'bezahlt am 13. November 2026', 'payée le 13 novembre 2026', 'pagata il 13 novembre 2026'),
      day(lang, 'open', 'offen', 'ouverte', 'aperta'),
    ],
  },
  {
    tool: 'explain_invoice',
    value: invoiceExplanation,
    facts: (lang) => [
      'INV-2026-12-100233',
      'CHF 118.30',
      'CHF 124.74',
      'CHF 24.30',
      '-CHF 20.00',
      'CHF 10.63',
      'INV-2026-11-100232',
      'Roaming data in Italy (Zone 1)',
      day(lang, 'December 2026', 'Dezember 2026', 'décembre 2026', 'dicembre 2026'),
      day(lang, '11 of 30 days', '11 von 30 Tagen', '11 jours sur 30', '11 giorni su 30'),
      day(lang, 'CHF 24.30 more', 'CHF 24.30 mehr', 'CHF 24.30 de plus', 'CHF 24.30 in più'),
      day(lang, 'partner networks', 'Partnernetze', 'réseaux partenaires', 'reti partner'),
    ],
  },
  {
    tool: 'list_available_plans',
    value: availablePlans,
    facts: (lang) => [
      'Wave Home 500',
      'Wave Home 1000',
      day(lang, 'CHF 79.00 per month', 'CHF 79.00 pro Monat', 'CHF 79.00 par mois', 'CHF 79.00 al mese'),
      day(lang, 'CHF 15.00 more than now', 'CHF 15.00 mehr als heute', "CHF 15.00 de plus qu'aujourd'hui", 'CHF 15.00 in più di oggi'),
      'Wave Home 100',
      'CHF 49.00',
      'Wave Mobile S',
      '-CHF 6.00',
      'Wave Fiber 10G',
      day(lang, 'from 1 January 2027', 'ab 1. Januar 2027', 'dès le 1er janvier 2027', 'dal 1° gennaio 2027'),
      day(lang, 'within 24 hours', 'innerhalb von 24 Stunden', 'dans les 24 heures', 'entro 24 ore'),
      day(lang, 'not offered in your area', 'in Ihrer Region nicht verfügbar', 'pas proposé dans votre région', 'non offerto nella Sua regione'),
      day(lang, 'already changed this month', 'diesen Monat schon gewechselt', 'déjà été changé ce mois-ci', 'già stato cambiato questo mese'),
    ],
  },
  {
    tool: 'list_appointment_slots',
    value: freeSlots,
    facts: (lang) => [
      'Zürich',
      day(lang, 'Friday 4 December 2026, 12:00–16:00', 'Freitag, 4. Dezember 2026, 12:00–16:00', 'vendredi 4 décembre 2026, 12:00–16:00', 'venerdì 4 dicembre 2026, 12:00–16:00'),
      day(lang, 'Saturday 5 December 2026, 08:00–13:00', 'Samstag, 5. Dezember 2026, 08:00–13:00', 'samedi 5 décembre 2026, 08:00–13:00', 'sabato 5 dicembre 2026, 08:00–13:00'),
      day(lang, 'Monday 7 December 2026, 16:00–20:00', 'Montag, 7. Dezember 2026, 16:00–20:00', 'lundi 7 décembre 2026, 16:00–20:00', 'lunedì 7 dicembre 2026, 16:00–20:00'),
    ],
  },
  {
    tool: 'get_appointment',
    value: { appointment: accountOverview.nextAppointment, noticeHours: 24 },
    facts: (lang) => [
      day(lang, 'Tuesday 8 December 2026, 08:00–12:00', 'Dienstag, 8. Dezember 2026, 08:00–12:00', 'mardi 8 décembre 2026, 08:00–12:00', 'martedì 8 dicembre 2026, 08:00–12:00'),
      day(lang, 'repair', 'Reparatur', 'réparation', 'riparazione'),
      day(lang, '24 hours', '24 Stunden', '24 heures', '24 ore'),
    ],
  },
  {
    tool: 'get_contact_details',
    value: { email: accountOverview.customer.email, phone: accountOverview.customer.phone, address: accountOverview.customer.address },
    facts: () => [accountOverview.customer.email, accountOverview.customer.phone, accountOverview.customer.address.street, accountOverview.customer.address.city],
  },
  {
    tool: 'get_outage_status',
    value: outageStatus,
    facts: (lang) => [
      'Internet: slow connections in Zürich Seefeld (8008) during a fibre repair.',
      day(lang, '2 December 2026 at 14:30', '2. Dezember 2026 um 14:30 Uhr', '2 décembre 2026 à 14:30', '2 dicembre 2026 alle 14:30'),
      day(lang, '3 December 2026 at 20:00', '3. Dezember 2026 um 20:00 Uhr', '3 décembre 2026 à 20:00', '3 dicembre 2026 alle 20:00'),
      day(lang, '9 December 2026 at 01:00', '9. Dezember 2026 um 01:00 Uhr', '9 décembre 2026 à 01:00', '9 dicembre 2026 alle 01:00'),
      day(lang, '2 December 2026 at 09:15', '2. Dezember 2026 um 09:15 Uhr', '2 décembre 2026 à 09:15', '2 dicembre 2026 alle 09:15'),
      day(lang, 'this affects your services', 'das betrifft Ihre Dienste', 'cela concerne vos services', 'questo riguarda i Suoi servizi'),
      '1/30',
    ],
  },
  {
    tool: 'get_modem_status',
    value: { devices: [...modemStatus.devices, onlineModem] },
    facts: (lang) => [
      'Box 3',
      'AW3-1903-59381',
      '3.9.1',
      '3.9.4',
      'Box 5',
      '5.4.2',
      day(lang, '**offline**', '**offline**', '**hors ligne**', '**offline**'),
      day(lang, '**online**', '**online**', '**en ligne**', '**online**'),
      day(lang, '1 December 2026 at 09:12', '1. Dezember 2026 um 09:12 Uhr', '1er décembre 2026 à 09:12', '1° dicembre 2026 alle 09:12'),
    ],
  },
];

describe('describeReadResult', () => {
  it('has a case for every read tool', () => {
    expect(CASES.map((c) => c.tool).sort()).toEqual([...READ_TOOL_NAMES].sort());
  });

  describe.each(CASES)('$tool', ({ tool, value, facts }) => {
    it.each(LOCALES)('states the key facts in %s', (lang) => {
      const text = describeReadResult(tool, value, lang);
      expect(text).not.toBe(unreadableText(lang));
      for (const fact of facts(lang)) expect(text, fact).toContain(fact);
      expect(languageOf(text)).toBe(lang);
    });
  });

  it('says when no technician visit is booked, and offers the free slots', () => {
    expect(describeReadResult('get_appointment', { appointment: null, noticeHours: 24 }, 'de')).toBe(
      'Sie haben keinen Technikerbesuch gebucht.\n\nFalls Sie einen brauchen, zeige ich Ihnen gerne die freien Termine.',
    );
  });

  it('uses the structured fields, not the English sentences, in other languages', () => {
    const de = describeReadResult('get_account_overview', accountOverview, 'de');
    expect(de).not.toContain('Your mobile plan changes to');
    expect(de).toContain('wechselt am 1. Januar 2027 zu Wave Mobile S');
    const it_ = describeReadResult('get_outage_status', outageStatus, 'it');
    expect(it_).not.toContain('Outages of more than 24 hours');
    expect(it_).toContain('dati di riserva');
  });

  it('warns about restricted services and overdue invoices', () => {
    const text = describeReadResult('get_account_overview', restrictedOverview, 'it');
    expect(text).toContain('I Suoi servizi sono limitati');
    expect(text).toContain('**scaduta** da 33 giorni');
    expect(text).toContain('CHF 50.20');
    expect(text).not.toContain('Your services are restricted');
    expect(describeReadResult('get_account_overview', restrictedOverview, 'fr')).toContain('**en retard** de 33 jours');
  });

  it('lists invoices newest first, as the repository returns them', () => {
    const text = describeReadResult('list_invoices', invoiceList, 'de');
    expect(text.indexOf('INV-2026-12-100233')).toBeLessThan(text.indexOf('INV-2026-11-100232'));
    expect(text.indexOf('INV-2026-11-100232')).toBeLessThan(text.indexOf('INV-2026-10-100231'));
    expect(describeReadResult('list_invoices', { invoices: [] }, 'fr')).toBe("Il n'y a pas encore de facture sur votre compte.");
  });

  it('explains a paid invoice with a smaller total than the previous one', () => {
    const paid = {
      ...invoiceExplanation,
      invoice: { ...invoiceExplanation.invoice, status: 'paid' as const, paidOn: '2026-12-12' },
      previous: { id: 'INV-2026-11-100232', totalCents: 15000, differenceCents: -3170 },
    };
    const text = describeReadResult('explain_invoice', paid, 'en');
    expect(text).toContain('It was paid on 12 December 2026.');
    expect(text).toContain('**CHF 31.70 less** than the previous invoice INV-2026-11-100232 (CHF 150.00)');
  });

  it('says when no plan or slot is available and when there is no outage', () => {
    expect(describeReadResult('list_appointment_slots', { ...freeSlots, slots: [] }, 'de')).toContain('keine freien Technikertermine');
    const many = { ...freeSlots, slots: Array.from({ length: 11 }, (_, i) => ({ ...freeSlots.slots[0]!, id: i })) };
    expect(describeReadResult('list_appointment_slots', many, 'en')).toContain('…and 3 more.');
    const quiet = { ...outageStatus, ongoing: [], planned: [], recentlyResolved: [], notes: [] };
    expect(describeReadResult('get_outage_status', quiet, 'fr')).toContain("Aucune panne n'est connue dans la région Zürich");
    const noPlans = { current: [], options: [], unavailable: [], notes: ['You have no TV subscription, so there is no TV plan to switch; a new subscription can be ordered from our sales team.'] };
    const text = describeReadResult('list_available_plans', noPlans, 'it');
    expect(text).toContain('Non ha un abbonamento di questo tipo');
    expect(text).not.toContain('You have no TV subscription');
  });

  it('keeps free text it does not know (it is the only source) and answers an unreadable value with an apology', () => {
    const withNote = { ...accountOverview, notes: ['Your fixed IPv4 address add-on ends on 31 Dec 2026.'] };
    expect(describeReadResult('get_account_overview', withNote, 'de')).toContain('Your fixed IPv4 address add-on ends on 31 Dec 2026.');
    expect(describeReadResult('get_account_overview', null, 'de')).toBe(unreadableText('de'));
    expect(describeReadResult('list_invoices', { invoices: 'none' }, 'fr')).toBe(unreadableText('fr'));
  });
});
