import { describe, expect, it } from 'vitest';
import { WRITE_TOOL_NAMES, type WriteToolName } from '@/lib/domain/account-tools';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { describeExecuted, unreadableText } from './index';
import {
  callbackRequest,
  degradedDiagnostic,
  emailUpdate,
  healthyCopperDiagnostic,
  languageOf,
  noSignalDiagnostic,
  phoneUpdate,
  planChangeDowngrade,
  planChangeUpgrade,
  rescheduleResult,
  restartResult,
} from './testing';

type Case = { name: string; tool: WriteToolName; value: unknown; facts: (lang: Locale) => string[] };

const say = (lang: Locale, en: string, de: string, fr: string, it: string) => ({ en, de, fr, it })[lang];

const CASES: Case[] = [
  {
    name: 'plan upgrade',
    tool: 'change_plan',
    value: planChangeUpgrade,
    facts: (lang) => [
      '**Wave Home 1000**',
      say(lang, 'Done:', 'Erledigt:', "C'est fait :", 'Fatto:'),
      say(lang, 'CHF 15.00 per month more', 'CHF 15.00 pro Monat mehr', 'CHF 15.00 de plus par mois', 'CHF 15.00 in più al mese'),
      say(lang, '3 December 2026', '3. Dezember 2026', '3 décembre 2026', '3 dicembre 2026'),
      say(lang, 'within 24 hours', 'innerhalb von 24 Stunden', 'dans les 24 heures', 'entro 24 ore'),
    ],
  },
  {
    name: 'plan downgrade',
    tool: 'change_plan',
    value: planChangeDowngrade,
    facts: (lang) => [
      '**Wave Mobile S**',
      'Wave Mobile M',
      '-CHF 6.00',
      say(lang, 'CHF 16.00 per month less', 'CHF 16.00 pro Monat weniger', 'CHF 16.00 de moins par mois', 'CHF 16.00 in meno al mese'),
      say(lang, '1 January 2027', '1. Januar 2027', '1er janvier 2027', '1° gennaio 2027'),
    ],
  },
  {
    name: 'reschedule',
    tool: 'reschedule_appointment',
    value: rescheduleResult,
    facts: (lang) => [
      say(lang, 'Tuesday 8 December 2026, 08:00–12:00', 'Dienstag, 8. Dezember 2026, 08:00–12:00', 'mardi 8 décembre 2026, 08:00–12:00', 'martedì 8 dicembre 2026, 08:00–12:00'),
      say(lang, 'Thursday 10 December 2026, 16:00–20:00', 'Donnerstag, 10. Dezember 2026, 16:00–20:00', 'jeudi 10 décembre 2026, 16:00–20:00', 'giovedì 10 dicembre 2026, 16:00–20:00'),
      say(lang, 'repair appointment', 'Reparaturtermin', 'rendez-vous de réparation', 'appuntamento di riparazione'),
    ],
  },
  {
    name: 'restart',
    tool: 'restart_modem',
    value: restartResult,
    facts: (lang) => ['**Box 5**', say(lang, '**3 minutes**', '**3 Minuten**', '**3 minutes**', '**3 minuti**')],
  },
  {
    name: 'degraded line test',
    tool: 'run_line_diagnostic',
    value: degradedDiagnostic,
    facts: (lang) => [
      '500/100 Mbit/s',
      say(lang, '-26.7 dBm', '-26.7 dBm', '-26,7 dBm', '-26.7 dBm'),
      '154',
      say(lang, 'below normal', 'schlechter als normal', 'inférieure à la normale', 'inferiore al normale'),
      say(lang, 'free of charge', 'kostenlos', 'gratuite', 'gratuita'),
      '(5.4.2)',
    ],
  },
  {
    name: 'line test without signal',
    tool: 'run_line_diagnostic',
    value: noSignalDiagnostic,
    facts: (lang) => [
      'Box 3',
      say(lang, 'no signal', 'kein Signal', 'aucun signal', 'nessun segnale'),
      say(lang, 'a red blinking Internet light', 'ein rot blinkendes Internet-Licht', 'un voyant Internet rouge clignotant', 'una spia Internet rossa lampeggiante'),
    ],
  },
  {
    name: 'healthy copper line',
    tool: 'run_line_diagnostic',
    value: healthyCopperDiagnostic,
    facts: (lang) => ['96/19 Mbit/s', '100/20 Mbit/s', say(lang, '9.4 dB', '9.4 dB', '9,4 dB', '9.4 dB'), 'alpenwave.ch/speedtest'],
  },
  {
    name: 'new email',
    tool: 'update_contact_details',
    value: emailUpdate,
    facts: (lang) => ['**anna.meier@bluewin.ch**', 'anna.meier@example.ch', say(lang, 'confirmation link', 'Bestätigungslink', 'lien de confirmation', 'link di conferma')],
  },
  {
    name: 'new phone number',
    tool: 'update_contact_details',
    value: phoneUpdate,
    facts: (lang) => ['**+41 78 555 12 34**', '+41 79 482 73 61', say(lang, 'SMS code', 'SMS-Code', 'code par SMS', 'codice via SMS')],
  },
  {
    name: 'call-back',
    tool: 'request_callback',
    value: callbackRequest,
    facts: (lang) => ['**+41 79 482 73 61**', 'roaming charges', say(lang, 'in German', 'auf Deutsch', 'en allemand', 'in tedesco'), '08:00'],
  },
];

describe('describeExecuted', () => {
  it('has a case for every write tool', () => {
    expect([...new Set(CASES.map((c) => c.tool))].sort()).toEqual([...WRITE_TOOL_NAMES].sort());
  });

  describe.each(CASES)('$name', ({ tool, value, facts }) => {
    it.each(LOCALES)('states what was done in %s', (lang) => {
      const text = describeExecuted(tool, value, lang);
      expect(text).not.toBe(unreadableText(lang));
      for (const fact of facts(lang)) expect(text, fact).toContain(fact);
      expect(languageOf(text)).toBe(lang);
    });
  });

  it('mentions a fee and the monthly total only when there is one', () => {
    const withFee = { ...planChangeDowngrade, kind: 'internet' as const, feeCents: 4900, monthlyTotalDifferenceCents: planChangeDowngrade.priceDifferenceCents };
    const text = describeExecuted('change_plan', withFee, 'de');
    expect(text).toContain('einmalige Gebühr von CHF 49.00');
    expect(text).not.toContain('monatliches Total');
    expect(describeExecuted('change_plan', planChangeUpgrade, 'de')).not.toContain('Gebühr');
    expect(describeExecuted('reschedule_appointment', { ...rescheduleResult, feeCents: 9000 }, 'fr')).toContain('Des frais de CHF 90.00');
  });

  it('answers an unreadable value with an apology', () => {
    expect(describeExecuted('restart_modem', undefined, 'it')).toBe(unreadableText('it'));
    expect(describeExecuted('change_plan', { to: null }, 'en')).toBe(unreadableText('en'));
  });
});
