import { timingSafeEqual } from 'node:crypto';

/** `Authorization: Bearer <token>` against the expected token, in constant time (a prefix match leaks nothing). */
export function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
