import { setTimeout as wait } from 'node:timers/promises';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { clearLimit, hitLimits, refundLimits } from '@/lib/db/queries/rate-limits';
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

/** How long an attempt on an email under attack waits: grows with the excess, never a lock-out. */
export function emailSlowdownMs(excess: number): number {
  return excess <= 0 ? 0 : Math.min(excess * 500, 5_000);
}

/**
 * Checks credentials under three counters, each attempt taken before the password is checked
 * (one atomic statement, so a burst of parallel guesses sees its own counts and gets no more
 * than the limit) and given back when the sign-in succeeds:
 * - (email, address): the tight limit; refused past it;
 * - the address against any email: ten times looser, against password spraying; refused past it;
 * - the email from anywhere: past four times the limit, attempts are slowed down, not refused,
 *   so someone attacking a user's email from many addresses cannot lock the real user out.
 * The address is the client's real address (lib/http/client-address.ts), not one it claims.
 */
export async function verifyLogin(
  db: Db,
  { credentials, ip, limits, delay = (ms) => wait(ms) }: { credentials: unknown; ip: string; limits: LoginLimits; delay?: (ms: number) => Promise<unknown> },
): Promise<LoginResult> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const email = normalizeEmail(parsed.data.email);
  const refusing = [
    { key: `login:pair:${email}|${ip}`, max: limits.max },
    { key: `login:ip:${ip}`, max: limits.max * 10 },
  ];
  const slowing = { key: `login:email:${email}`, max: limits.max * 4 };
  const keys = [...refusing, slowing].map(({ key }) => key);

  const states = await hitLimits(db, { hits: keys.map((key) => ({ key, windowSeconds: limits.windowSeconds })) });
  const over = refusing.map((limit, i) => ({ limit, state: states[i]! })).filter(({ limit, state }) => state.count > limit.max);
  if (over.length > 0) {
    const until = Math.max(...over.map(({ state }) => state.resetAt.getTime()));
    return { ok: false, reason: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)) };
  }
  const slowdown = emailSlowdownMs(states[2]!.count - slowing.max);
  if (slowdown > 0) await delay(slowdown);

  const user = await findUserByEmail(db, { email });
  const valid = user
    ? await verifyPassword(parsed.data.password, user.passwordHash)
    : (await burnPasswordCheck(parsed.data.password), false);
  // A disabled account (e.g. a demo account with SEED_DEMO=never) fails like a wrong password,
  // after the same bcrypt work, so it tells an attacker nothing.
  if (!user || !valid || user.disabledAt) return { ok: false, reason: 'invalid' };

  // The right password: this attempt is given back, and the address's failures on this email forgotten.
  await refundLimits(db, { keys: keys.slice(1) });
  await clearLimit(db, { key: keys[0]! });
  await recordLogin(db, { id: user.id });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion } };
}
