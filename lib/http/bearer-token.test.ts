import { describe, expect, it } from 'vitest';
import { hasBearerToken } from './bearer-token';

const TOKEN = 'bearer-test-token-0123456789abcdef';
const headers = (authorization?: string) => new Headers(authorization === undefined ? {} : { authorization });

describe('hasBearerToken', () => {
  it('accepts the right token', () => {
    expect(hasBearerToken(headers(`Bearer ${TOKEN}`), TOKEN)).toBe(true);
  });

  it('takes the "Bearer" prefix in any case', () => {
    expect(hasBearerToken(headers(`bearer ${TOKEN}`), TOKEN)).toBe(true);
    expect(hasBearerToken(headers(`BEARER ${TOKEN}`), TOKEN)).toBe(true);
  });

  it('refuses a wrong token of the same length, and one of another length', () => {
    const wrong = 'x'.repeat(TOKEN.length);
    expect(hasBearerToken(headers(`Bearer ${wrong}`), TOKEN)).toBe(false);
    expect(hasBearerToken(headers(`Bearer ${TOKEN}x`), TOKEN)).toBe(false);
    expect(hasBearerToken(headers(`Bearer ${TOKEN.slice(1)}`), TOKEN)).toBe(false);
  });

  it('refuses a request without the header', () => {
    expect(hasBearerToken(headers(), TOKEN)).toBe(false);
  });

  it('lets nobody in when no token is set', () => {
    expect(hasBearerToken(headers('Bearer '), undefined)).toBe(false);
    expect(hasBearerToken(headers(), undefined)).toBe(false);
    expect(hasBearerToken(headers('Bearer '), '')).toBe(false);
  });
});
