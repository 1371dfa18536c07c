'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { z } from 'zod';
import { guardedAction } from '@/lib/auth/guarded-action';
import { STAFF_ROLES, changeRole, createResetLink, inviteSchema, inviteStaff, setDisabled } from '@/lib/console/users/service';
import { getDatabase } from '@/lib/db';
import { requestOrigin } from '@/lib/http/request-origin';

/** What a users-page form shows after it ran: nothing yet, an error, done, or a one-time link to hand over. */
export type UserActionState = { status: 'idle' } | { status: 'error'; message: string } | { status: 'done'; message: string } | { status: 'link'; message: string; link: string };

const refuse = ({ message }: { message: string }): UserActionState => ({ status: 'error', message });
const userId = z.uuid();

async function linkFor(token: string): Promise<string> {
  return `${requestOrigin(await headers()) ?? ''}/set-password/${token}`;
}

export async function inviteAction(_previous: UserActionState, form: FormData): Promise<UserActionState> {
  return guardedAction<UserActionState>({ name: 'inviteStaff', permission: 'users:manage', refuse }, async (actor) => {
    const parsed = inviteSchema.safeParse({ email: form.get('email'), name: form.get('name'), role: form.get('role') });
    if (!parsed.success) return { status: 'error', message: parsed.error.issues.map((i) => i.message).join(' ') };
    const { db } = await getDatabase();
    const result = await inviteStaff(db, actor, parsed.data);
    if (!result.ok) return { status: 'error', message: result.message };
    revalidatePath('/admin/users');
    return { status: 'link', message: `Invitation for ${parsed.data.email} created. Send them this link (valid 7 days, once):`, link: await linkFor(result.value.token) };
  });
}

export async function changeRoleAction(_previous: UserActionState, form: FormData): Promise<UserActionState> {
  return guardedAction<UserActionState>({ name: 'changeRole', permission: 'users:manage', refuse }, async (actor) => {
    const parsed = z.object({ userId, role: z.enum(STAFF_ROLES) }).safeParse({ userId: form.get('userId'), role: form.get('role') });
    if (!parsed.success) return { status: 'error', message: 'Choose expert, analyst or admin.' };
    const { db } = await getDatabase();
    const result = await changeRole(db, actor, parsed.data);
    if (!result.ok) return { status: 'error', message: result.message };
    revalidatePath('/admin/users');
    return { status: 'done', message: result.value.from === result.value.to ? 'No change.' : `Role changed from ${result.value.from} to ${result.value.to}.` };
  });
}

export async function setDisabledAction(_previous: UserActionState, form: FormData): Promise<UserActionState> {
  return guardedAction<UserActionState>({ name: 'setUserDisabled', permission: 'users:manage', refuse }, async (actor) => {
    const parsed = z.object({ userId, disabled: z.enum(['true', 'false']) }).safeParse({ userId: form.get('userId'), disabled: form.get('disabled') });
    if (!parsed.success) return { status: 'error', message: 'Bad request.' };
    const disabled = parsed.data.disabled === 'true';
    const { db } = await getDatabase();
    const result = await setDisabled(db, actor, { userId: parsed.data.userId, disabled });
    if (!result.ok) return { status: 'error', message: result.message };
    revalidatePath('/admin/users');
    return { status: 'done', message: disabled ? 'Disabled: their sessions have ended.' : 'Enabled again.' };
  });
}

export async function resetLinkAction(_previous: UserActionState, form: FormData): Promise<UserActionState> {
  return guardedAction<UserActionState>({ name: 'createResetLink', permission: 'users:manage', refuse }, async (actor) => {
    const parsed = userId.safeParse(form.get('userId'));
    if (!parsed.success) return { status: 'error', message: 'Bad request.' };
    const { db } = await getDatabase();
    const result = await createResetLink(db, actor, { userId: parsed.data });
    if (!result.ok) return { status: 'error', message: result.message };
    revalidatePath('/admin/users');
    return { status: 'link', message: 'Reset link (valid 24 hours, once; the current password works until it is used):', link: await linkFor(result.value.token) };
  });
}
