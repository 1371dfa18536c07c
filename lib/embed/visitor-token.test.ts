import { describe, expect, it } from 'vitest';
import { isValidVisitorToken, issueVisitorToken } from './visitor-token';

const SECRET = 'test-auth-secret-0123456789-abcdefghij';

describe('widget visitor tokens', () => {
  it('accepts the tokens it issued, each one new', () => {
    const a = issueVisitorToken(SECRET);
    const b = issueVisitorToken(SECRET);
    expect(a).not.toBe(b);
    expect(isValidVisitorToken(SECRET, a)).toBe(true);
    expect(isValidVisitorToken(SECRET, b)).toBe(true);
  });

  it('refuses invented, altered, foreign and malformed tokens', () => {
    const token = issueVisitorToken(SECRET);
    const [id, mac] = token.split('.') as [string, string];
    const flipped = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(isValidVisitorToken(SECRET, `${flipped(id)}.${mac}`)).toBe(false);
    expect(isValidVisitorToken(SECRET, `${id}.${flipped(mac)}`)).toBe(false);
    expect(isValidVisitorToken('another-secret-0123456789-abcdefghijkl', token)).toBe(false);
    expect(isValidVisitorToken(SECRET, id)).toBe(false);
    expect(isValidVisitorToken(SECRET, `${token}x`)).toBe(false);
    expect(isValidVisitorToken(SECRET, '')).toBe(false);
    expect(isValidVisitorToken(SECRET, null)).toBe(false);
  });
});
