import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Role } from '@/lib/domain/roles';
import type { Db } from '../client';
import { users, type User } from '../schema';

export type PublicUser = Pick<User, 'id' | 'email' | 'name' | 'role' | 'createdAt' | 'lastLoginAt'>;

const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, { email }: { email: string }): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return user;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session's user; an id that is not a UUID (a malformed token) is nobody, not a query error. */
export async function findUserById(db: Db, { id }: { id: string }): Promise<PublicUser | undefined> {
  if (!UUID.test(id)) return undefined;
  const [user] = await db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * The user a session token names, if that session is still live: the same user, not disabled,
 * and the token's session version is the current one (sign-out and password changes bump it).
 * One query reads the role with the version and the disabled flag.
 */
export async function findSessionUser(
  db: Db,
  { id, sessionVersion }: { id: string; sessionVersion: number },
): Promise<PublicUser | undefined> {
  if (!UUID.test(id) || !Number.isSafeInteger(sessionVersion)) return undefined;
  const [user] = await db
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.sessionVersion, sessionVersion), isNull(users.disabledAt)))
    .limit(1);
  return user;
}

/**
 * Ends every session of the user that still carries `from` (sign-out). A stale token (an older
 * version) changes nothing, so signing out an old browser does not end a newer session.
 */
export async function endSessions(db: Db, { id, from }: { id: string; from: number }): Promise<boolean> {
  if (!UUID.test(id) || !Number.isSafeInteger(from)) return false;
  const rows = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.id, id), eq(users.sessionVersion, from)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`A user with the email ${email} already exists`);
    this.name = 'EmailTakenError';
  }
}

export async function createUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string; role: Role },
): Promise<PublicUser> {
  const email = normalizeEmail(input.email);
  const [created] = await db
    .insert(users)
    .values({ ...input, email })
    .onConflictDoNothing({ target: users.email })
    .returning(publicColumns);
  if (!created) throw new EmailTakenError(email);
  return created;
}

/**
 * Creates the user or, when the email exists, resets its name, password and role. A reset is a
 * password change: it ends the user's sessions. `demo` marks an account seeded with the
 * published demo password (and re-enables it if demo accounts were disabled).
 */
export async function upsertUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string; role: Role; demo?: boolean },
): Promise<PublicUser> {
  const email = normalizeEmail(input.email);
  const demo = input.demo ? { demo: true, disabledAt: null } : {};
  const [user] = await db
    .insert(users)
    .values({ ...input, email, demo: input.demo ?? false })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        name: input.name,
        passwordHash: input.passwordHash,
        role: input.role,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        ...demo,
      },
    })
    .returning(publicColumns);
  return user!;
}

/** Users with these emails not (yet) marked as demo accounts, with their password hashes. */
export async function findUnmarkedUsers(db: Db, { emails }: { emails: string[] }): Promise<{ id: string; passwordHash: string }[]> {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.email, emails.map(normalizeEmail)), eq(users.demo, false)));
}

export async function markDemoUsers(db: Db, { ids }: { ids: string[] }): Promise<void> {
  if (ids.length === 0) return;
  await db.update(users).set({ demo: true }).where(inArray(users.id, ids));
}

/**
 * Disables the demo accounts (sign-in refused, and their sessions end for good: the version is
 * bumped, so re-enabling does not revive old tokens) or re-enables them. Returns how many changed.
 */
export async function setDemoAccountsDisabled(db: Db, { disabled }: { disabled: boolean }): Promise<number> {
  const rows = disabled
    ? await db
        .update(users)
        .set({ disabledAt: sql`now()`, sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(and(eq(users.demo, true), isNull(users.disabledAt)))
        .returning({ id: users.id })
    : await db
        .update(users)
        .set({ disabledAt: null })
        .where(and(eq(users.demo, true), isNotNull(users.disabledAt)))
        .returning({ id: users.id });
  return rows.length;
}

/** The demo accounts that can sign in now (emails, lower-cased). */
export async function listActiveDemoEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.demo, true), isNull(users.disabledAt)))
    .orderBy(asc(users.email));
  return rows.map((r) => r.email);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function listUsers(
  db: Db,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ users: PublicUser[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.select(publicColumns).from(users).orderBy(asc(users.email)).limit(limit).offset(offset),
    countUsers(db),
  ]);
  return { users: rows, total };
}

export async function recordLogin(db: Db, { id }: { id: string }): Promise<void> {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, id));
}
