import { getConfig } from '@/lib/config';

/**
 * The company's time zone and currency (LANTERN_TIME_ZONE, LANTERN_CURRENCY; validated in
 * lib/config.ts): the one place the code reads them from. "Today", appointment slots, dates and
 * times in answers and approval cards are the time zone's; amounts the code formats from numbers
 * carry the currency's code. (The company's name comes from content/site.json, lib/site.ts.)
 */

/** The company's IANA time zone, e.g. 'Europe/Zurich'. */
export function businessTimeZone(): string {
  return getConfig().business.timeZone;
}

/** The company's ISO 4217 currency code, e.g. 'CHF'. */
export function businessCurrency(): string {
  return getConfig().business.currency;
}

/**
 * An amount in hundredths of the currency (cents, as the customer system stores them), as the
 * company's invoices write it in every language: "CHF 64.00", "-CHF 6.00" ("USD 64.00").
 */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}${businessCurrency()} ${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** A change in an amount: "+CHF 15.00", "-CHF 16.00", "CHF 0.00". */
export function formatMoneyDifference(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents);
}

/** A regular-expression source matching what formatMoney writes, in any currency: "-?XXX 0.00". */
export const MONEY_PATTERN = String.raw`-?[A-Z]{3} \d+\.\d{2}`;
