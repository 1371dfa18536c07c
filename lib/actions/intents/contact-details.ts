/**
 * Contact details and invoice numbers, read from the message as written (not the folded text):
 * email addresses, phone numbers in Swiss and international notation, 10-digit invoice numbers.
 */

// An address starts where a run of address characters starts: trying every position inside a
// long run would be quadratic.
const EMAIL = /(?<![\w.%+-])[A-Z0-9][\w.%+-]*@[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?(?:\.[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?)*\.[A-Z]{2,}/gi;

// +41 79 123 45 67, 0041 79 123 45 67, 079 123 45 67, 079/123.45.67, +41791234567
const PHONE = /(?<![\w@.])(?:\+|00)?\d[\d \u00a0/.-]{5,20}\d(?![\w@])/g;

export type Found = { value: string; index: number };

export function extractEmails(raw: string): Found[] {
  return [...raw.matchAll(EMAIL)].map((m) => ({ value: m[0].replace(/\.$/, ''), index: m.index }));
}

/** Writes a phone number the way the contract accepts it: digits and single spaces, "+" for "00". */
export function normalizePhone(written: string): string | undefined {
  const phone = written
    .replace(/[\u00a0/.-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^00\s?(\d)/, '+$1');
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 9 || digits.length > 15) return undefined;
  return /^\+?[0-9 ]{7,20}$/.test(phone) ? phone : undefined;
}

export function extractPhones(raw: string): Found[] {
  const found: Found[] = [];
  for (const m of raw.matchAll(PHONE)) {
    const written = m[0];
    // Dates ("3.12.2026") and plain long numbers without a phone's prefix are not phone numbers.
    if (/^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(written)) continue;
    if (!/^(?:\+|00|0)/.test(written)) continue;
    const value = normalizePhone(written);
    if (value) found.push({ value, index: m.index });
  }
  return found;
}

/** A 10-digit invoice number (Alpenwave's format), e.g. "4012345678". */
export function extractInvoiceIds(raw: string): string[] {
  return [...raw.matchAll(/(?<![\d+])\d{10}(?!\d)/g)].map((m) => m[0]).filter((id) => !/^0/.test(id));
}
