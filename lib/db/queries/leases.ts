import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { leases } from '../schema';

/**
 * Named leases shared by every process on the database: one holder at a time, kept by renewing
 * before `expires_at`; a holder that dies loses the lease when it expires. Times come from the
 * database's clock only (processes on several hosts disagree about theirs), and from
 * clock_timestamp(), not now(): inside a long transaction now() is the transaction's start.
 */

export type Lease = { name: string; holder: string; acquiredAt: Date; expiresAt: Date };
/** Who holds a lease, and for how long they have held it (by the database's clock). */
export type LeaseHolder = { holder: string; acquiredAt: Date; heldForMs: number };

export type AcquireLeaseResult = { acquired: true; lease: Lease } | { acquired: false; current: LeaseHolder };

const expiresIn = (ttlMs: number) => sql`clock_timestamp() + make_interval(secs => ${Math.max(0, ttlMs) / 1000})`;

/**
 * Takes the lease when nobody holds it or its holder let it expire, in one statement: of two
 * processes racing for it, PostgreSQL re-checks the WHERE for the second after the first commits,
 * so exactly one wins. Otherwise answers who holds it. Not re-entrant: a second acquire by the
 * same holder string is refused too, so every acquisition should use a holder of its own.
 */
export async function acquireLease(
  db: Db,
  { name, holder, ttlMs, takeOverFrom }: { name: string; holder: string; ttlMs: number; takeOverFrom?: string },
): Promise<AcquireLeaseResult> {
  // A successor may take over from a holder it knows to be dead (its label starts with takeOverFrom).
  const free = takeOverFrom
    ? sql`(${leases.expiresAt} <= clock_timestamp() or left(${leases.holder}, ${takeOverFrom.length}) = ${takeOverFrom})`
    : sql`${leases.expiresAt} <= clock_timestamp()`;
  // The lease may be released or expire between the refusal and the look-up: then try again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [lease] = await db
      .insert(leases)
      .values({ name, holder, acquiredAt: sql`clock_timestamp()`, expiresAt: expiresIn(ttlMs) })
      .onConflictDoUpdate({
        target: leases.name,
        set: { holder, acquiredAt: sql`clock_timestamp()`, expiresAt: expiresIn(ttlMs) },
        setWhere: free,
      })
      .returning();
    if (lease) return { acquired: true, lease };
    const current = await findLeaseHolder(db, { name });
    if (current) return { acquired: false, current };
  }
  throw new Error(`The lease "${name}" changed hands too often to be taken; try again.`);
}

/** The lease's live holder, or null when nobody holds it (or its holder let it expire). */
export async function findLeaseHolder(db: Db, { name }: { name: string }): Promise<LeaseHolder | null> {
  const [row] = await db
    .select({
      holder: leases.holder,
      acquiredAt: leases.acquiredAt,
      heldForMs: sql<number>`(extract(epoch from clock_timestamp() - ${leases.acquiredAt}) * 1000)::float8`,
    })
    .from(leases)
    .where(and(eq(leases.name, name), sql`${leases.expiresAt} > clock_timestamp()`));
  return row ? { ...row, heldForMs: Number(row.heldForMs) } : null;
}

/**
 * Pushes the expiry `ttlMs` ahead, only for the holder. False when the lease is no longer
 * theirs (it expired and someone else took it): the holder must then stop. A lease that expired
 * but that nobody took is still the holder's to renew. Run inside a transaction, it also locks
 * the lease row until commit, so nobody can take it over before that commit.
 */
export async function renewLease(db: Db, { name, holder, ttlMs }: { name: string; holder: string; ttlMs: number }): Promise<boolean> {
  const rows = await db
    .update(leases)
    .set({ expiresAt: expiresIn(ttlMs) })
    .where(and(eq(leases.name, name), eq(leases.holder, holder)))
    .returning({ name: leases.name });
  return rows.length > 0;
}

/** Gives the lease up, only for the holder. False when it was not theirs (any more). */
export async function releaseLease(db: Db, { name, holder }: { name: string; holder: string }): Promise<boolean> {
  const rows = await db
    .delete(leases)
    .where(and(eq(leases.name, name), eq(leases.holder, holder)))
    .returning({ name: leases.name });
  return rows.length > 0;
}

/**
 * Drops every lease. Only valid where no other process can hold one: the embedded database's
 * single owner, when it opens the data dir (a lease found then was left by a process that died).
 */
export async function clearLeases(db: Db): Promise<number> {
  const rows = await db.delete(leases).returning({ name: leases.name });
  return rows.length;
}
