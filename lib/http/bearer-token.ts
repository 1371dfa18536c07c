import { timingSafeEqual } from 'node:crypto';

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time); never when no token is set. */
export function hasBearerToken(headers: Headers, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
