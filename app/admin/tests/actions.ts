'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { guardedAction, type ActionRefusal } from '@/lib/auth/guarded-action';
import type { Permission } from '@/lib/auth/permissions';
import type { ImportFormState, MakeTestState, TestFormState } from '@/lib/conversation-tests/form-state';
import { importSuite, makeTestFromConversation, saveTestCase } from '@/lib/conversation-tests/service';
import { getDatabase } from '@/lib/db';
import { deleteTest } from '@/lib/db/queries/conversation-tests';
import type { PublicUser } from '@/lib/db/queries/users';

/**
 * The conversation tests' server actions. Each checks its permission on the server first; every
 * input is validated again here (lib/conversation-tests/service.ts), whatever the form did.
 */


const refuse = ({ message }: ActionRefusal) => ({ status: 'error' as const, message, issues: [] });

function guarded<S>(name: string, permission: Permission, body: (user: PublicUser) => Promise<S>): Promise<S | ReturnType<typeof refuse>> {
  return guardedAction<S | ReturnType<typeof refuse>>({ name, permission, refuse }, body);
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export async function saveTestAction(_previous: TestFormState, form: FormData): Promise<TestFormState> {
  return guarded<TestFormState>('saveConversationTest', 'tests:write', async (user) => {
    const id = z.uuid().safeParse(field(form, 'id'));
    let input: unknown;
    try {
      input = JSON.parse(field(form, 'case'));
    } catch {
      return { status: 'error', message: 'The form sent no test case.', issues: [] };
    }
    const { db } = await getDatabase();
    const saved = await saveTestCase(db, { id: id.success ? id.data : null, input, userId: user.id });
    if (!saved.ok) return { status: 'error', message: saved.message, issues: saved.issues };
    revalidatePath('/admin/tests', 'layout');
    redirect(`/admin/tests/${saved.test.id}?saved=1`);
  });
}

export async function deleteTestAction(form: FormData): Promise<void> {
  await guarded('deleteConversationTest', 'tests:write', async () => {
    const id = z.uuid().safeParse(field(form, 'id'));
    if (id.success) {
      const { db } = await getDatabase();
      await deleteTest(db, { id: id.data });
    }
    revalidatePath('/admin/tests', 'layout');
    redirect('/admin/tests?deleted=1');
  });
}

export async function makeTestAction(_previous: MakeTestState, form: FormData): Promise<MakeTestState> {
  return guarded<MakeTestState>('makeConversationTest', 'tests:write', async (user) => {
    const id = z.uuid().safeParse(field(form, 'conversationId'));
    if (!id.success) return { status: 'error', message: 'No such conversation.', issues: [] };
    const { db } = await getDatabase();
    const made = await makeTestFromConversation(db, { conversationId: id.data, userId: user.id });
    if (!made.ok) return { status: 'error', message: made.reason === 'not_found' ? 'No such conversation.' : 'This conversation has no customer message to test.', issues: [] };
    revalidatePath('/admin/tests', 'layout');
    redirect(`/admin/tests/${made.test.id}?made=1`);
  });
}

/** The largest suite file accepted (a few thousand cases). */
const IMPORT_MAX_BYTES = 2_000_000;

export async function importTestsAction(_previous: ImportFormState, form: FormData): Promise<ImportFormState> {
  return guarded<ImportFormState>('importConversationTests', 'tests:write', async (user) => {
    const file = form.get('file');
    const text = file instanceof File && file.size > 0 ? (file.size > IMPORT_MAX_BYTES ? null : await file.text()) : field(form, 'text');
    if (text === null) return { status: 'error', message: `The file is larger than ${IMPORT_MAX_BYTES / 1_000_000} MB.`, issues: [] };
    if (!text.trim()) return { status: 'error', message: 'Choose a JSONL file or paste its lines.', issues: [] };
    const { db } = await getDatabase();
    const imported = await importSuite(db, { text, userId: user.id });
    if (!imported.ok) return { status: 'error', message: 'Nothing was imported:', issues: imported.errors.map((e) => (e.line ? `Line ${e.line}: ${e.message}` : e.message)) };
    revalidatePath('/admin/tests', 'layout');
    return { status: 'done', added: imported.added, replaced: imported.replaced };
  });
}
