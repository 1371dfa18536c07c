'use server';

import { passwordSchema, setPasswordFromLink } from '@/lib/console/users/service';
import { getDatabase } from '@/lib/db';

export type SetPasswordState = { status: 'idle' } | { status: 'error'; message: string } | { status: 'done'; email: string };

/** Sets the password from a one-time link (the link is the credential; it works once). */
export async function setPasswordAction(token: string, _previous: SetPasswordState, form: FormData): Promise<SetPasswordState> {
  const parsed = passwordSchema.safeParse({ password: form.get('password'), confirm: form.get('confirm') });
  if (!parsed.success) return { status: 'error', message: parsed.error.issues.map((i) => i.message).join(' ') };
  const { db } = await getDatabase();
  const result = await setPasswordFromLink(db, { token, password: parsed.data.password });
  if (!result.ok) return { status: 'error', message: result.message };
  return { status: 'done', email: result.value.email };
}
