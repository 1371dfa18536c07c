import { guardedAction } from '@/lib/auth/guarded-action';
import type { Permission } from '@/lib/auth/permissions';
import type { PublicUser } from '@/lib/db/queries/users';
import { fail, type ConsoleActionState } from './action-state';

/** A console form's server action body, run through the one action guard; refusals come back as form errors. */
export async function guarded(name: string, permission: Permission, body: (user: PublicUser) => Promise<ConsoleActionState>): Promise<ConsoleActionState> {
  return guardedAction({ name, permission, refuse: ({ message }) => fail(message) }, body);
}

/** FormData as a plain object of strings (files and repeated keys ignored), for zod. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !(key in fields)) fields[key] = value;
  }
  return fields;
}
