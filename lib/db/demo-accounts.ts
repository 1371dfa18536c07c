import { verifyPassword } from '@/lib/auth/password';
import type { Db } from './client';
import { getSetting, setSetting } from './queries/settings';
import { findUnmarkedUsers, listActiveDemoEmails, markDemoUsers, setDemoAccountsDisabled } from './queries/users';
import type { DemoUsers } from './seed';

/**
 * Demo accounts share a published password, so they exist only where a person asked for the
 * demo: enabled where demo seeding is on, disabled (sign-in refused, sessions ended) with
 * SEED_DEMO=never, left as they are otherwise (SEED_DEMO=auto on PostgreSQL).
 */
export type DemoAccountsPolicy = 'enable' | 'disable' | 'keep';

export type DemoAccountsState = { marked: number; disabled: number; enabled: number; active: number };

/** `demo`: the published demo list, if this install ships one (needed to find legacy accounts). */
export async function reconcileDemoAccounts(
  db: Db,
  { demo, policy }: { demo: DemoUsers | undefined; policy: DemoAccountsPolicy },
): Promise<DemoAccountsState> {
  const marked = demo ? await markLegacyDemoAccounts(db, { demo }) : 0;
  const disabled = policy === 'disable' ? await setDemoAccountsDisabled(db, { disabled: true }) : 0;
  const enabled = policy === 'enable' ? await setDemoAccountsDisabled(db, { disabled: false }) : 0;
  const active = (await listActiveDemoEmails(db)).length;
  return { marked, disabled, enabled, active };
}

/**
 * Installs seeded before accounts were marked: a user whose email is in the demo list and whose
 * password is still the published one is a demo account. Runs once per database (bcrypt is slow);
 * the seeder hashed the password once for all accounts, so each distinct hash is checked once.
 */
export async function markLegacyDemoAccounts(db: Db, { demo }: { demo: DemoUsers }): Promise<number> {
  if (await getSetting(db, { key: 'legacy_demo_accounts_marked' })) return 0;
  const candidates = await findUnmarkedUsers(db, { emails: demo.users.map((u) => u.email) });
  const published = new Map<string, boolean>();
  for (const { passwordHash } of candidates) {
    if (!published.has(passwordHash)) published.set(passwordHash, await verifyPassword(demo.password, passwordHash));
  }
  const ids = candidates.filter((c) => published.get(c.passwordHash)).map((c) => c.id);
  await markDemoUsers(db, { ids });
  await setSetting(db, { key: 'legacy_demo_accounts_marked', value: true, updatedBy: null });
  return ids.length;
}
