import { z } from 'zod';

/**
 * The Insights date range, from URL parameters ?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, both
 * included). Default: the last 30 days up to today. A bad or backwards range falls back to the
 * default and says why.
 */

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 731;
const DAY_MS = 86_400_000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export type ParsedRange = { from: string; to: string; range: { from: Date; to: Date }; days: number; problem: string | null };

function parseDay(value: string): Date | null {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function defaultRange(now: Date = new Date()): ParsedRange {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  return { from: iso(from), to: iso(today), range: { from, to: new Date(today.getTime() + DAY_MS) }, days: DEFAULT_DAYS, problem: null };
}

export function parseRange(params: Record<string, string | string[] | undefined>, now: Date = new Date()): ParsedRange {
  const rawFrom = first(params.from);
  const rawTo = first(params.to);
  if (!rawFrom && !rawTo) return defaultRange(now);
  const fallback = defaultRange(now);
  const to = rawTo ? (day.safeParse(rawTo).success ? parseDay(rawTo) : null) : parseDay(fallback.to);
  if (!to) return { ...fallback, problem: `"${rawTo}" is not a date (YYYY-MM-DD); showing the last ${DEFAULT_DAYS} days.` };
  const from = rawFrom ? (day.safeParse(rawFrom).success ? parseDay(rawFrom) : null) : new Date(to.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  if (!from) return { ...fallback, problem: `"${rawFrom}" is not a date (YYYY-MM-DD); showing the last ${DEFAULT_DAYS} days.` };
  if (from > to) return { ...fallback, problem: `The range starts after it ends; showing the last ${DEFAULT_DAYS} days.` };
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  if (days > MAX_DAYS) return { ...fallback, problem: `Ranges are limited to ${MAX_DAYS} days; showing the last ${DEFAULT_DAYS} days.` };
  return { from: iso(from), to: iso(to), range: { from, to: new Date(to.getTime() + DAY_MS) }, days, problem: null };
}
