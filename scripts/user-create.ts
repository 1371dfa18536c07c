/**
 * npm run user:create -- --email ana@example.com --role expert [--name "Ana"] [--password …]
 * Creates a user in the configured database. Without --password a strong one is generated and
 * printed once. On the embedded database this refuses to run while the app owns the data dir.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { hashPassword } from '@/lib/auth/password';
import { ROLES } from '@/lib/domain/roles';
import { getConfig } from '@/lib/config';
import { openConfiguredDatabase } from '@/lib/db';
import { createUser, EmailTakenError } from '@/lib/db/queries/users';
import { runCli } from './cli';

const USAGE = `Usage: npm run user:create -- --email ana@example.com --role customer|expert|analyst|admin [--name "Ana"] [--password …]

Creates a user in the configured database. Without --password a strong one is generated and
printed once.`;

const argsSchema = z.object({
  email: z.email({ message: '--email must be an email address' }),
  role: z.enum(ROLES, { message: `--role must be one of ${ROLES.join(', ')}` }),
  name: z.string().trim().min(1).max(200).optional(),
  password: z.string().min(10, { message: '--password must be at least 10 characters' }).max(200).optional(),
});

runCli(async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  const args = argsSchema.parse(values);
  const password = args.password ?? crypto.randomBytes(12).toString('base64url');
  const database = await openConfiguredDatabase(getConfig());
  try {
    const user = await createUser(database.db, {
      email: args.email,
      name: args.name ?? args.email.split('@')[0]!,
      role: args.role,
      passwordHash: await hashPassword(password),
    });
    console.log(`Created ${user.role} ${user.email} (${user.id})`);
    if (!args.password) console.log(`Password: ${password}  (shown once; change it after the first sign-in)`);
  } catch (error) {
    if (error instanceof EmailTakenError) throw new Error(error.message);
    throw error;
  } finally {
    await database.close();
  }
}, { usage: USAGE });
