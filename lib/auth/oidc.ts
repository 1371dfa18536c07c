import { eq } from 'drizzle-orm';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { normalizeEmail } from '@/lib/db/queries/users';
import { staffAudit, users } from '@/lib/db/schema';
import type { Role } from '@/lib/domain/roles';
import { NO_PASSWORD_HASH } from './password';

type Oidc = NonNullable<Config['oidc']>;
type StaffRole = 'expert' | 'analyst' | 'admin';

const STRENGTH: Record<StaffRole, number> = { analyst: 1, expert: 2, admin: 3 };

/** The role the identity provider's groups give: the strongest mapped one, else the default ('none': no access). */
export function roleFromGroups(groups: readonly string[], oidc: Pick<Oidc, 'roleMap' | 'defaultRole'>): StaffRole | 'none' {
  const mapped = groups.map((g) => oidc.roleMap[g]).filter((r): r is StaffRole => r !== undefined);
  if (mapped.length === 0) return oidc.defaultRole;
  return mapped.reduce((best, r) => (STRENGTH[r] > STRENGTH[best] ? r : best));
}

/** The groups claim as a list of strings (providers send an array, some a space-separated string). */
export function groupsOf(profile: Record<string, unknown>, claim: string): string[] {
  const value = profile[claim];
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

export type IdpSignIn =
  | { ok: true; user: { id: string; role: Role; sessionVersion: number; name: string; email: string } }
  | { ok: false; reason: 'no_email' | 'no_role' | 'customer_account' | 'disabled' };

/**
 * A staff member signed in at the company's identity provider: their Lantern account, created on
 * first sign-in (no password) and given the role their groups map to at every sign-in (the
 * provider is the source of truth). A customer account's email, a disabled account, or groups
 * that give no role (with OIDC_DEFAULT_ROLE=none) get no session. Role changes are audited.
 */
export async function signInFromIdentityProvider(
  db: Db,
  { email, name, groups }: { email: string | null | undefined; name: string | null | undefined; groups: readonly string[] },
  oidc: Pick<Oidc, 'roleMap' | 'defaultRole'>,
): Promise<IdpSignIn> {
  if (!email || !email.includes('@')) return { ok: false, reason: 'no_email' };
  const address = normalizeEmail(email);
  const role = roleFromGroups(groups, oidc);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, address)).limit(1).for('update');
    if (existing?.role === 'customer') return { ok: false, reason: 'customer_account' } as const;
    if (existing?.disabledAt) return { ok: false, reason: 'disabled' } as const;
    if (role === 'none') return { ok: false, reason: 'no_role' } as const;
    const audit = { actorUserId: null, actorEmail: 'identity provider', targetEmail: address };
    if (!existing) {
      const [created] = await tx
        .insert(users)
        .values({ email: address, name: name?.trim() || address, role, passwordHash: NO_PASSWORD_HASH })
        .returning();
      await tx.insert(staffAudit).values({ ...audit, targetUserId: created!.id, action: 'user_invited', detail: { role, via: 'sso' } });
      return { ok: true, user: { id: created!.id, role, sessionVersion: created!.sessionVersion, name: created!.name, email: address } } as const;
    }
    if (existing.role !== role) {
      await tx.update(users).set({ role }).where(eq(users.id, existing.id));
      await tx.insert(staffAudit).values({ ...audit, targetUserId: existing.id, action: 'role_changed', detail: { from: existing.role, to: role, via: 'sso' } });
    }
    return { ok: true, user: { id: existing.id, role, sessionVersion: existing.sessionVersion, name: existing.name, email: address } } as const;
  });
}
