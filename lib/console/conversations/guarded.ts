import { AccessDeniedError, requireActionPermission } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import type { PublicUser } from '@/lib/db/queries/users';
import { fail, type ConsoleActionState } from './action-state';

/**
 * Runs a server action's body for a user with the permission. The check is on the server, every
 * time: a hidden button is a courtesy, this is the lock. Refusals come back as form errors.
 */
export async function guarded(permission: Permission, body: (user: PublicUser) => Promise<ConsoleActionState>): Promise<ConsoleActionState> {
  let user: PublicUser;
  try {
    user = await requireActionPermission(permission);
  } catch (error) {
    if (error instanceof AccessDeniedError) return fail(error.message);
    throw error;
  }
  return body(user);
}

/** FormData as a plain object of strings (files and repeated keys ignored), for zod. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !(key in fields)) fields[key] = value;
  }
  return fields;
}
