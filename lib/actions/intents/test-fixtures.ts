import { DEMO_CATALOG } from '@/lib/eval/actions';
import type { CatalogPlan, RecognizeContext } from './types';

/** The demo company's catalog (content/company.md), for the tests: the one the actions evaluation uses. */
export const CATALOG: CatalogPlan[] = [...DEMO_CATALOG];

/** Monday 23 November 2026, 10:00 in Zurich. */
export const NOW = new Date('2026-11-23T10:00:00+01:00');

export function context(lang: RecognizeContext['lang'], overrides: Partial<RecognizeContext> = {}): RecognizeContext {
  return { lang, catalog: CATALOG, now: NOW, timeZone: 'Europe/Zurich', ...overrides };
}
