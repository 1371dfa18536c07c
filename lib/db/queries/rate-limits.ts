import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateLimits } from '../schema';

export type LimitState = { count: number; resetAt: Date };

/** The current window's count for a key (0 when the window has expired or never started). */
export async function readLimit(db: Db, { key }: { key: string }): Promise<LimitState> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.resetAt.getTime() <= Date.now()) return { count: 0, resetAt: new Date() };
  return row;
}

/** Adds one hit to the key's fixed window, starting a new window when the old one expired. */
export async function hitLimit(db: Db, { key, windowSeconds }: { key: string; windowSeconds: number }): Promise<LimitState> {
  const [state] = await hitLimits(db, { hits: [{ key, windowSeconds }] });
  return state!;
}

/**
 * Adds one hit to each key in one statement (atomic per key: concurrent callers each see their
 * own count), in the order given. Keys must be distinct.
 */
export async function hitLimits(db: Db, { hits }: { hits: { key: string; windowSeconds: number }[] }): Promise<LimitState[]> {
  if (hits.length === 0) return [];
  const rows = await db
    .insert(rateLimits)
    .values(hits.map(({ key, windowSeconds }) => ({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return hits.map(({ key }) => byKey.get(key)!);
}

/** Gives back one hit on each key whose window is still open (a login that turned out right). */
export async function refundLimits(db: Db, { keys }: { keys: string[] }): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, sql`now()`)));
}

export async function clearLimit(db: Db, { key }: { key: string }): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
