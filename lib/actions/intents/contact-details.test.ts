import { describe, expect, it } from 'vitest';
import { extractEmails, extractInvoiceIds, extractPhones, normalizePhone } from './contact-details';

describe('extractEmails', () => {
  it('finds addresses in running text, without trailing punctuation', () => {
    expect(extractEmails('change my email to anna.keller@example.ch.').map((e) => e.value)).toEqual(['anna.keller@example.ch']);
    expect(extractEmails('neu: m.huber+alpen@mail.example.co.uk, danke').map((e) => e.value)).toEqual(['m.huber+alpen@mail.example.co.uk']);
    expect(extractEmails('no address here @ all')).toEqual([]);
  });
});

describe('extractPhones', () => {
  it.each([
    ['+41 79 123 45 67', '+41 79 123 45 67'],
    ['0041 79 123 45 67', '+41 79 123 45 67'],
    ['079 123 45 67', '079 123 45 67'],
    ['079/123.45.67', '079 123 45 67'],
    ['079-123-45-67', '079 123 45 67'],
    ['+41791234567', '+41791234567'],
    ['0791234567', '0791234567'],
  ])('%s → %s', (written, value) => {
    expect(extractPhones(`my new number is ${written}, thanks`).map((p) => p.value)).toEqual([value]);
  });

  it('ignores dates, invoice numbers and short numbers', () => {
    expect(extractPhones('am 3.12.2026 um 8 Uhr')).toEqual([]);
    expect(extractPhones('invoice 4012345678')).toEqual([]);
    expect(extractPhones('Wave Home 1000')).toEqual([]);
    expect(extractPhones('call 117')).toEqual([]);
  });

  it('writes numbers the way the contract accepts them', () => {
    expect(normalizePhone('079 / 123 45 67')).toBe('079 123 45 67');
    expect(normalizePhone('12 34')).toBeUndefined();
  });
});

describe('extractInvoiceIds', () => {
  it('finds 10-digit invoice numbers but not phone numbers', () => {
    expect(extractInvoiceIds('explain invoice 4012345678 please')).toEqual(['4012345678']);
    expect(extractInvoiceIds('Rechnung Nr. 4012345678?')).toEqual(['4012345678']);
    expect(extractInvoiceIds('0791234567')).toEqual([]);
    expect(extractInvoiceIds('+41791234567')).toEqual([]);
    expect(extractInvoiceIds('40123456789')).toEqual([]);
  });
});
