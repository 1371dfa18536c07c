import { describe, expect, it } from 'vitest';
import { exact, localizeDayLabel, localizeWindowLabel, parseDayLabel, parseMonthLabel, translate, translateAll, type Rule } from './english';

describe("reading the repository's English", () => {
  it('parses day and month labels', () => {
    expect(parseDayLabel('3 Dec 2026')).toBe('2026-12-03');
    expect(parseDayLabel('28 Feb 2027')).toBe('2027-02-28');
    expect(parseDayLabel('3 Foo 2026')).toBeNull();
    expect(parseMonthLabel('Nov 2026')).toBe('2026-11-01');
    expect(localizeDayLabel('1 Jan 2027', 'fr')).toBe('1er janvier 2027');
    expect(localizeDayLabel('tomorrow', 'fr')).toBe('tomorrow');
  });

  it('localizes slot labels as formatWindow writes them', () => {
    expect(localizeWindowLabel('Thu 3 Dec 2026, 08:00–12:00', 'de')).toBe('Donnerstag, 3. Dezember 2026, 08:00–12:00');
    expect(localizeWindowLabel('Sat 5 Dec 2026, 08:00–13:00', 'it')).toBe('sabato 5 dicembre 2026, 08:00–13:00');
    expect(localizeWindowLabel('next week', 'it')).toBe('next week');
  });

  it('translates known texts, drops those said elsewhere and keeps unknown ones', () => {
    const rules: Rule[] = [exact('Hello.', { de: 'Grüezi.', fr: 'Bonjour.', it: 'Buongiorno.' }), { pattern: /^Drop me/, render: () => null }];
    expect(translate('Hello.', rules, 'de')).toBe('Grüezi.');
    expect(translate('Hello.', rules, 'en')).toBe('Hello.');
    expect(translate('Hello. And more.', rules, 'de')).toBe('Hello. And more.');
    expect(translateAll(['Hello.', 'Drop me please', 'Something new'], rules, 'it')).toEqual(['Buongiorno.', 'Something new']);
  });
});
