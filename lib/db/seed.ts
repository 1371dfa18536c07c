import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { hashPassword } from '@/lib/auth/password';
import { ROLES } from '@/lib/domain/roles';
import type { Db } from './client';
import { countUsers, upsertUser } from './queries/users';

const demoUsersSchema = z.object({
  password: z.string().min(8),
  users: z.array(z.object({ email: z.email(), name: z.string().min(1), role: z.enum(ROLES) })).min(1),
});
export type DemoUsers = z.infer<typeof demoUsersSchema>;

export const DEMO_USERS_FILE = path.join(process.cwd(), 'content', 'seed', 'users.json');

export function loadDemoUsers(file = DEMO_USERS_FILE): DemoUsers {
  return demoUsersSchema.parse(JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8')));
}

export type SeedResult = { seeded: false; reason: 'has_users' } | { seeded: true; users: number };

/**
 * Seeds the demo accounts. Never touches a database that already has users unless forced;
 * forcing resets the demo accounts' passwords and roles (ending their sessions) but leaves every
 * other user alone. Seeded accounts are marked as demo accounts (lib/db/demo-accounts.ts).
 */
export async function seedDemoUsers(db: Db, { demo, force }: { demo: DemoUsers; force: boolean }): Promise<SeedResult> {
  if (!force && (await countUsers(db)) > 0) return { seeded: false, reason: 'has_users' };
  const passwordHash = await hashPassword(demo.password);
  for (const user of demo.users) await upsertUser(db, { ...user, passwordHash, demo: true });
  return { seeded: true, users: demo.users.length };
}
