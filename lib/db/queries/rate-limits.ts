import { eq, sql } from 'drizzle-orm';
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
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

export async function clearLimit(db: Db, { key }: { key: string }): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
