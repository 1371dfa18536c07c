import type { Refusal, RefusalReason, Success } from '@/lib/domain/account-tools';

export function ok<T>(value: T): Success<T> {
  return { ok: true, value };
}

export function refuse(reason: RefusalReason, message: string, alternatives?: unknown[]): Refusal {
  return alternatives && alternatives.length > 0 ? { ok: false, reason, message, alternatives } : { ok: false, reason, message };
}

/** "CHF 64.00", "-CHF 6.00". */
export function formatChf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}CHF ${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** "+CHF 15.00", "-CHF 16.00", "CHF 0.00": a change in a monthly amount. */
export function formatChfDifference(cents: number): string {
  return cents > 0 ? `+${formatChf(cents)}` : formatChf(cents);
}
