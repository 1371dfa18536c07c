import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { clearLimit, hitLimit, readLimit } from '@/lib/db/queries/rate-limits';
import { findUserByEmail, normalizeEmail, recordLogin, type PublicUser } from '@/lib/db/queries/users';
import { burnPasswordCheck, verifyPassword } from './password';

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  password: z.string().min(1).max(200),
});

export type LoginLimits = { max: number; windowSeconds: number };

export type LoginResult =
  | { ok: true; user: Pick<PublicUser, 'id' | 'email' | 'name' | 'role'> & { sessionVersion: number } }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

/**
 * Checks credentials with a rate limit on failed attempts, counted under three keys:
 * - (email, address): the tight limit, so an attacker elsewhere cannot lock the real user out;
 * - email from anywhere: a looser one, since addresses can be rotated or forged;
 * - address against any email: a looser one again, against password spraying.
 */
export async function verifyLogin(
  db: Db,
  { credentials, ip, limits }: { credentials: unknown; ip: string; limits: LoginLimits },
): Promise<LoginResult> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const email = normalizeEmail(parsed.data.email);
  const pairKey = `login:pair:${email}|${ip}`;
  const keys = [
    { key: pairKey, max: limits.max },
    { key: `login:email:${email}`, max: limits.max * 4 },
    { key: `login:ip:${ip}`, max: limits.max * 10 },
  ];

  const states = await Promise.all(keys.map(({ key }) => readLimit(db, { key })));
  const blockedUntil = states.filter((state, i) => state.count >= keys[i]!.max).map((state) => state.resetAt.getTime());
  if (blockedUntil.length > 0) {
    const until = Math.max(...blockedUntil);
    return { ok: false, reason: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)) };
  }

  const user = await findUserByEmail(db, { email });
  const valid = user
    ? await verifyPassword(parsed.data.password, user.passwordHash)
    : (await burnPasswordCheck(parsed.data.password), false);

  // A disabled account (e.g. a demo account with SEED_DEMO=never) fails like a wrong password,
  // after the same bcrypt work, so it tells an attacker nothing.
  if (!user || !valid || user.disabledAt) {
    for (const { key } of keys) await hitLimit(db, { key, windowSeconds: limits.windowSeconds });
    return { ok: false, reason: 'invalid' };
  }
  await clearLimit(db, { key: pairKey });
  await recordLogin(db, { id: user.id });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion } };
}
