import type { Refusal, RefusalReason, Success } from '@/lib/domain/account-tools';

export function ok<T>(value: T): Success<T> {
  return { ok: true, value };
}

export function refuse(reason: RefusalReason, message: string, alternatives?: unknown[]): Refusal {
  return alternatives && alternatives.length > 0 ? { ok: false, reason, message, alternatives } : { ok: false, reason, message };
}

/** Amounts in the company's currency (LANTERN_CURRENCY): "CHF 64.00", "-CHF 6.00", "+CHF 15.00". */
export { formatMoney, formatMoneyDifference } from '@/lib/business-settings';
