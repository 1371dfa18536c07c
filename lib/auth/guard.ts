import 'server-only';
import { forbidden, redirect } from 'next/navigation';
import type { PublicUser } from '@/lib/db/queries/users';
import { can, type Permission } from './permissions';
import { currentUser } from './session-user';

/**
 * The one server-side access check. Every admin page, server action and API route goes through
 * it. The role is read from the database, not trusted from the token, so a demoted or deleted
 * user loses access at once rather than when the session expires; so does a session ended by
 * sign-out, a password change or a disabled account (lib/auth/session-user.ts).
 */
export type Access =
  | { ok: true; user: PublicUser }
  | { ok: false; reason: 'unauthenticated' | 'forbidden'; user?: PublicUser };

export async function checkAccess(permission: Permission): Promise<Access> {
  const user = await currentUser();
  if (!user) return { ok: false, reason: 'unauthenticated' };
  if (!can(user.role, permission)) return { ok: false, reason: 'forbidden', user };
  return { ok: true, user };
}

/** For pages: anonymous visitors go to sign-in (and come back), others without the right get a 403. */
export async function requirePagePermission(permission: Permission, { from }: { from: string }): Promise<PublicUser> {
  const access = await checkAccess(permission);
  if (access.ok) return access.user;
  if (access.reason === 'unauthenticated') redirect(`/login?callbackUrl=${encodeURIComponent(from)}`);
  forbidden();
}
