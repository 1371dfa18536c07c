import fs from 'node:fs';
import type { Db } from './client';
import { listActiveDemoEmails } from './queries/users';
import { DEMO_USERS_FILE, loadDemoUsers, type DemoUsers } from './seed';

/**
 * What the sign-in page may print about the demo: the accounts that can sign in now with the
 * published password, or nothing when none can (never seeded, or disabled with SEED_DEMO=never).
 */
export async function activeDemoHint(db: Db, { file = DEMO_USERS_FILE }: { file?: string } = {}): Promise<DemoUsers | undefined> {
  if (!fs.existsSync(/*turbopackIgnore: true*/ file)) return undefined;
  const active = new Set(await listActiveDemoEmails(db));
  if (active.size === 0) return undefined;
  const demo = loadDemoUsers(file);
  const users = demo.users.filter((u) => active.has(u.email.toLowerCase()));
  return users.length > 0 ? { password: demo.password, users } : undefined;
}
