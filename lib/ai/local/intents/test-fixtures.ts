import type { CatalogPlan, RecognizeContext } from './types';

/** The demo company's catalog (content/company.md), for the tests. */
export const CATALOG: CatalogPlan[] = [
  { id: 'wave-home-100', name: 'Wave Home 100', kind: 'internet' },
  { id: 'wave-home-500', name: 'Wave Home 500', kind: 'internet' },
  { id: 'wave-home-1000', name: 'Wave Home 1000', kind: 'internet' },
  { id: 'wave-fiber-10g', name: 'Wave Fiber 10G', kind: 'internet' },
  { id: 'wave-mobile-s', name: 'Wave Mobile S', kind: 'mobile' },
  { id: 'wave-mobile-m', name: 'Wave Mobile M', kind: 'mobile' },
  { id: 'wave-mobile-l', name: 'Wave Mobile L', kind: 'mobile' },
  { id: 'wave-mobile-unlimited', name: 'Wave Mobile Unlimited', kind: 'mobile' },
  { id: 'wave-tv-basic', name: 'Wave TV Basic', kind: 'tv' },
  { id: 'wave-tv-plus', name: 'Wave TV Plus', kind: 'tv' },
  { id: 'wave-phone-basic', name: 'Wave Phone Basic', kind: 'phone' },
  { id: 'wave-phone-flat', name: 'Wave Phone Flat', kind: 'phone' },
];

/** Monday 23 November 2026, 10:00 in Zurich. */
export const NOW = new Date('2026-11-23T10:00:00+01:00');

export function context(lang: RecognizeContext['lang'], overrides: Partial<RecognizeContext> = {}): RecognizeContext {
  return { lang, catalog: CATALOG, now: NOW, timeZone: 'Europe/Zurich', ...overrides };
}
