import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { NO_PASSWORD_HASH, hashPassword } from '@/lib/auth/password';
import type { Db } from '@/lib/db/client';
import { normalizeEmail } from '@/lib/db/queries/users';
import { staffAudit, userTokens, users, type StaffAuditAction } from '@/lib/db/schema';
import type { Role } from '@/lib/domain/roles';

/**
 * Staff accounts, managed by admins in the console: invite (a one-time link to set a password),
 * change a role, disable and enable, a one-time reset link. Every change is written to
 * staff_audit in the same transaction. There is always at least one active admin: a change that
 * would leave none is refused, with the admin rows locked so two admins cannot demote each other
 * at the same moment.
 */
export const STAFF_ROLES = ['expert', 'analyst', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const INVITE_VALID_DAYS = 7;
export const RESET_VALID_HOURS = 24;
export const PASSWORD_MIN = 10;

/** No password matches it until the user sets one from their link. */
const NO_PASSWORD = NO_PASSWORD_HASH;

export const inviteSchema = z.object({
  email: z.email({ message: 'Enter a valid email address.' }).max(200).transform(normalizeEmail),
  name: z.string().trim().min(1, 'Enter a name.').max(200),
  role: z.enum(STAFF_ROLES, { message: 'Choose expert, analyst or admin.' }),
});

export const passwordSchema = z
  .object({ password: z.string().min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`).max(200, 'Use at most 200 characters.'), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'The two passwords differ.', path: ['confirm'] });

export type Actor = { id: string; email: string };
export type Refusal = { ok: false; code: 'not_found' | 'email_taken' | 'last_admin' | 'not_staff' | 'invalid_link' | 'self'; message: string };
export type Result<T> = { ok: true; value: T } | Refusal;

const refuse = (code: Refusal['code'], message: string): Refusal => ({ ok: false, code, message });

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function audit(tx: Tx, actor: Actor | null, target: { id: string; email: string }, action: StaffAuditAction, detail: Record<string, string> = {}) {
  await tx.insert(staffAudit).values({ actorUserId: actor?.id ?? null, actorEmail: actor?.email ?? null, targetUserId: target.id, targetEmail: target.email, action, detail });
}

async function issueToken(tx: Tx, { userId, purpose, createdBy, validMs }: { userId: string; purpose: 'invite' | 'reset'; createdBy: string; validMs: number }): Promise<string> {
  // Earlier links of the user stop working: only the newest one is valid.
  await tx.update(userTokens).set({ usedAt: new Date() }).where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await tx.insert(userTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + validMs), createdBy });
  return token;
}

export type StaffMember = { id: string; email: string; name: string; role: Role; createdAt: Date; lastLoginAt: Date | null; disabled: boolean; passwordSet: boolean };

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, createdAt: users.createdAt, lastLoginAt: users.lastLoginAt, disabledAt: users.disabledAt, passwordHash: users.passwordHash })
    .from(users)
    .where(ne(users.role, 'customer'))
    .orderBy(users.role, users.email);
  return rows.map(({ disabledAt, passwordHash, ...u }) => ({ ...u, disabled: disabledAt !== null, passwordSet: passwordHash !== NO_PASSWORD }));
}

export async function countCustomerAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'customer'));
  return row?.n ?? 0;
}

/** A new staff member with no password yet, and the one-time link for them to set it. */
export async function inviteStaff(db: Db, actor: Actor, input: z.infer<typeof inviteSchema>): Promise<Result<{ userId: string; token: string }>> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, name: input.name, role: input.role, passwordHash: NO_PASSWORD })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    if (!created) return refuse('email_taken', `${input.email} already has an account.`);
    const token = await issueToken(tx, { userId: created.id, purpose: 'invite', createdBy: actor.id, validMs: INVITE_VALID_DAYS * 86_400_000 });
    await audit(tx, actor, created, 'user_invited', { role: input.role });
    return { ok: true, value: { userId: created.id, token } };
  });
}

/** Locks the target's row and the active admins' rows; the target must be staff. */
async function lockStaff(tx: Tx, userId: string) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .for('update');
  const [target] = await tx.select({ id: users.id, email: users.email, role: users.role, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).for('update');
  const otherActiveAdmins = admins.filter((a) => a.id !== userId).length;
  return { target, otherActiveAdmins };
}

export async function changeRole(db: Db, actor: Actor, { userId, role }: { userId: string; role: StaffRole }): Promise<Result<{ from: Role; to: StaffRole }>> {
  return db.transaction(async (tx) => {
    const { target, otherActiveAdmins } = await lockStaff(tx, userId);
    if (!target) return refuse('not_found', 'No such account.');
    if (target.role === 'customer') return refuse('not_staff', 'Customer accounts are not managed here.');
    if (target.role === role) return { ok: true, value: { from: target.role, to: role } };
    if (target.role === 'admin' && target.disabledAt === null && otherActiveAdmins === 0) return refuse('last_admin', 'This is the last active admin: make someone else an admin first.');
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await audit(tx, actor, target, 'role_changed', { from: target.role, to: role });
    return { ok: true, value: { from: target.role, to: role } };
  });
}

/** Disabling ends the user's sessions at once (every request reads the flag); enabling lets them sign in again. */
export async function setDisabled(db: Db, actor: Actor, { userId, disabled }: { userId: string; disabled: boolean }): Promise<Result<null>> {
  return db.transaction(async (tx) => {
    const { target, otherActiveAdmins } = await lockStaff(tx, userId);
    if (!target) return refuse('not_found', 'No such account.');
    if (target.role === 'customer') return refuse('not_staff', 'Customer accounts are not managed here.');
    if (disabled && target.id === actor.id) return refuse('self', 'You cannot disable your own account.');
    if ((target.disabledAt !== null) === disabled) return { ok: true, value: null };
    if (disabled && target.role === 'admin' && otherActiveAdmins === 0) return refuse('last_admin', 'This is the last active admin and cannot be disabled.');
    await tx
      .update(users)
      .set(disabled ? { disabledAt: new Date(), sessionVersion: sql`${users.sessionVersion} + 1` } : { disabledAt: null })
      .where(eq(users.id, userId));
    await audit(tx, actor, target, disabled ? 'user_disabled' : 'user_enabled');
    return { ok: true, value: null };
  });
}

/** A one-time link to set a new password; the current password keeps working until it is used. */
export async function createResetLink(db: Db, actor: Actor, { userId }: { userId: string }): Promise<Result<{ token: string }>> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
    if (!target) return refuse('not_found', 'No such account.');
    if (target.role === 'customer') return refuse('not_staff', 'Customer accounts are not managed here.');
    const token = await issueToken(tx, { userId, purpose: 'reset', createdBy: actor.id, validMs: RESET_VALID_HOURS * 3_600_000 });
    await audit(tx, actor, target, 'password_reset_link');
    return { ok: true, value: { token } };
  });
}

export type LinkInfo = { purpose: 'invite' | 'reset'; email: string; name: string };

/** What a link is for, if it still works (unused, unexpired, the account enabled). */
export async function findLink(db: Db, token: string): Promise<LinkInfo | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({ purpose: userTokens.purpose, email: users.email, name: users.name })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, hashToken(token)), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date()), isNull(users.disabledAt)))
    .limit(1);
  return row;
}

/** Sets the password from a link, once; ends the user's other sessions. */
export async function setPasswordFromLink(db: Db, { token, password }: { token: string; password: string }): Promise<Result<{ email: string }>> {
  if (!/^[\w-]{43}$/.test(token)) return refuse('invalid_link', 'This link is not valid.');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.tokenHash, hashToken(token)), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
      .returning({ userId: userTokens.userId, purpose: userTokens.purpose });
    if (!link) return refuse('invalid_link', 'This link has expired or was already used. Ask an admin for a new one.');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, link.userId), isNull(users.disabledAt)))
      .returning({ id: users.id, email: users.email });
    if (!user) return refuse('invalid_link', 'This account is disabled.');
    await audit(tx, { id: user.id, email: user.email }, user, 'password_set', { via: link.purpose });
    return { ok: true, value: { email: user.email } };
  });
}

export async function listStaffAudit(db: Db, { limit }: { limit: number }) {
  return db.select().from(staffAudit).orderBy(desc(staffAudit.id)).limit(limit);
}
