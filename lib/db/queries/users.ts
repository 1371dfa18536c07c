import { asc, count, eq, sql } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
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

/** Creates the user or, when the email exists, resets its name, password and role. */
export async function upsertUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string; role: Role },
): Promise<PublicUser> {
  const email = normalizeEmail(input.email);
  const [user] = await db
    .insert(users)
    .values({ ...input, email })
    .onConflictDoUpdate({
      target: users.email,
      set: { name: input.name, passwordHash: input.passwordHash, role: input.role },
    })
    .returning(publicColumns);
  return user!;
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
