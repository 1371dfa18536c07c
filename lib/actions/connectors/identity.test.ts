import { describe, expect, it } from 'vitest';
import { identityHeaders, isCustomerIdLike, isSignableCustomerId, verifyIdentitySignature, type SignedRequest } from './identity';

const SECRET = 'whsec_test_0123456789abcdef0123456789';
const NOW = new Date('2026-12-03T10:00:00Z');
const request: SignedRequest = { customerId: 'cust-1001', method: 'POST', pathWithQuery: '/orders/A-1002/cancel?x=1', body: '{"cancelReason":"too_late"}' };

function signed(overrides: Partial<SignedRequest> = {}, at = NOW) {
  const headers = identityHeaders(SECRET, { ...request, ...overrides }, at);
  return { ...request, signature: headers['Lantern-Signature'], secret: SECRET, now: NOW };
}

describe('identity signature', () => {
  it('names the customer and signs t.customerId.method.pathWithQuery.bodySha256', () => {
    const headers = identityHeaders(SECRET, request, NOW);
    expect(headers['Lantern-Customer']).toBe('cust-1001');
    expect(headers['Lantern-Signature']).toMatch(/^t=1796292000,v1=[0-9a-f]{64}$/);
    expect(verifyIdentitySignature(signed())).toEqual({ ok: true, timestamp: 1796292000 });
  });

  it('fails with another secret, and passes with it in a rotation list', () => {
    expect(verifyIdentitySignature({ ...signed(), secret: 'another-secret-0123456789' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyIdentitySignature({ ...signed(), secret: ['another-secret-0123456789', SECRET] }).ok).toBe(true);
  });

  it.each([
    ['a changed body', { body: '{"cancelReason":"changed_mind"}' }],
    ['no body', { body: undefined }],
    ['another customer', { customerId: 'cust-2002' }],
    ['another path', { pathWithQuery: '/orders/B-2001/cancel?x=1' }],
    ['another query', { pathWithQuery: '/orders/A-1002/cancel?x=2' }],
    ['another method', { method: 'DELETE' }],
  ])('fails for %s', (_, change) => {
    expect(verifyIdentitySignature({ ...signed(), ...change })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('fails for an old timestamp, and for one too far ahead', () => {
    const old = signed({}, new Date(NOW.getTime() - 301_000));
    expect(verifyIdentitySignature(old)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyIdentitySignature({ ...old, maxAgeSeconds: 600 }).ok).toBe(true);
    expect(verifyIdentitySignature(signed({}, new Date(NOW.getTime() + 301_000)))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyIdentitySignature(signed({}, new Date(NOW.getTime() - 299_000))).ok).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['malformed', 'v1=abc'],
    ['malformed', 't=abc,v1=' + 'a'.repeat(64)],
    ['malformed', 't=1796292000'],
    ['malformed', 't=1796292000,v1=XYZ'],
  ])('reports %s for %s', (reason, signature) => {
    expect(verifyIdentitySignature({ ...signed(), signature })).toEqual({ ok: false, reason });
  });
});

describe('customer ids', () => {
  it.each(['customerId', 'customer_id', 'CUSTOMER', 'customer-number', 'customerRef'])('%s names the customer', (name) => {
    expect(isCustomerIdLike(name)).toBe(true);
  });
  it.each(['orderId', 'customerNote', 'accountId', 'reason'])('%s does not', (name) => {
    expect(isCustomerIdLike(name)).toBe(false);
  });
  it('signs only ids that read back one way', () => {
    expect(isSignableCustomerId('cust-1001')).toBe(true);
    expect(isSignableCustomerId('anna.muster@example.ch')).toBe(true);
    expect(isSignableCustomerId('a.GET./x')).toBe(false);
    expect(isSignableCustomerId('a b')).toBe(false);
    expect(isSignableCustomerId('')).toBe(false);
  });
});
