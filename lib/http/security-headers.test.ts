import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, contentSecurityPolicy, isHttpsRequest, newNonce, securityHeaders, type SecurityHeaderOptions } from './security-headers';

const base: SecurityHeaderOptions = { nonce: 'bm9uY2U=', https: false, frameAncestors: "'self'", dev: false };

/** The CSP as directive → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(' ');
      return [name!, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts by nonce only (strict-dynamic), never eval in production', () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it("adds 'unsafe-eval' in development only", () => {
    expect(directives(contentSecurityPolicy({ ...base, dev: true })).get('script-src')).toContain("'unsafe-eval'");
  });

  it('loads images, fonts and connections from this origin only, and no plugins', () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    // No nonce here: it would switch off 'unsafe-inline', which style attributes need.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('takes frame-ancestors from the setting', () => {
    expect(directives(contentSecurityPolicy(base)).get('frame-ancestors')).toEqual(["'self'"]);
    const open = contentSecurityPolicy({ ...base, frameAncestors: "'self' https://partner.example" });
    expect(directives(open).get('frame-ancestors')).toEqual(["'self'", 'https://partner.example']);
  });

  it('upgrades insecure requests only over https', () => {
    expect(directives(contentSecurityPolicy(base)).has('upgrade-insecure-requests')).toBe(false);
    expect(directives(contentSecurityPolicy({ ...base, https: true })).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('securityHeaders', () => {
  it('sends nosniff, the referrer policy, the CSP and SAMEORIGIN framing over http, without HSTS', () => {
    const headers = securityHeaders(base);
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'SAMEORIGIN',
    });
    expect(headers['Content-Security-Policy']).toContain("'nonce-bm9uY2U='");
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
  });

  it('adds HSTS over https', () => {
    expect(securityHeaders({ ...base, https: true })['Strict-Transport-Security']).toMatch(/^max-age=\d{8}$/);
  });

  it('leaves X-Frame-Options out when other origins may frame the site (it cannot express them)', () => {
    expect(securityHeaders({ ...base, frameAncestors: "'none'" })['X-Frame-Options']).toBe('DENY');
    expect(securityHeaders({ ...base, frameAncestors: "'self' https://partner.example" })).not.toHaveProperty('X-Frame-Options');
  });
});

describe('isHttpsRequest', () => {
  it('believes the first X-Forwarded-Proto, else the URL', () => {
    expect(isHttpsRequest(new URL('http://app.internal/'), 'https')).toBe(true);
    expect(isHttpsRequest(new URL('http://app.internal/'), 'HTTPS, http')).toBe(true);
    expect(isHttpsRequest(new URL('http://app.internal/'), 'http')).toBe(false);
    expect(isHttpsRequest(new URL('https://help.example/'), null)).toBe(true);
    expect(isHttpsRequest(new URL('http://localhost:3000/'), null)).toBe(false);
  });
});

describe('newNonce', () => {
  it('is 128 random bits, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('gives API responses a policy that lets nothing load from, frame or run in them; HSTS only over https', () => {
    expect(apiSecurityHeaders({ https: false })).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
    });
    expect(apiSecurityHeaders({ https: true })['Strict-Transport-Security']).toMatch(/^max-age=\d+$/);
  });
});
