'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { guardedAction, type ActionRefusal } from '@/lib/auth/guarded-action';
import type { Permission } from '@/lib/auth/permissions';
import { createAnswerDeps } from '@/lib/chat/answer-deps';
import { getConfig } from '@/lib/config';
import type { ActionFailure, DeleteState, GoldenFormState, ImportState, ThresholdState, TryState } from '@/lib/console/golden/form-state';
import { importGoldenJsonl } from '@/lib/console/golden/import';
import { IMPORT_MAX_BYTES } from '@/lib/console/golden/jsonl';
import { GOLDEN_LANGS, goldenIdSchema, goldenInputFromForm } from '@/lib/console/golden/schema';
import { createGolden, deleteGolden, updateGolden, type GoldenWriteFailure } from '@/lib/console/golden/service';
import { resetGoldenThreshold, setGoldenThreshold } from '@/lib/console/golden/threshold';
import { tryGoldenQuestion } from '@/lib/console/golden/try-it';
import { getDatabase } from '@/lib/db';
import type { PublicUser } from '@/lib/db/queries/users';

/**
 * The golden-answer console's server actions. Each one checks the permission on the server
 * first (the buttons are hidden from read-only roles, but a forged post must fail here too).
 */

const refuse = ({ reason, message }: ActionRefusal): ActionFailure => ({ status: 'error', code: reason, message });

/** Runs an action's body through the one action guard (lib/auth/guarded-action.ts). */
function guarded<S>(name: string, permission: Permission, body: (user: PublicUser) => Promise<S | ActionFailure>): Promise<S | ActionFailure> {
  return guardedAction<S | ActionFailure>({ name, permission, refuse }, body);
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

function failure(result: GoldenWriteFailure): ActionFailure {
  return {
    status: 'error',
    code: result.code,
    message: result.message,
    fieldErrors: 'fieldErrors' in result ? result.fieldErrors : undefined,
    missingSources: 'missingSources' in result ? result.missingSources : undefined,
  };
}

function refreshList() {
  revalidatePath('/admin/golden', 'layout');
}

export async function createGoldenAction(_previous: GoldenFormState, form: FormData): Promise<GoldenFormState> {
  return guarded<GoldenFormState>('createGolden', 'golden:write', async (user) => {
    const { db } = await getDatabase();
    const result = await createGolden(db, { input: goldenInputFromForm(form), userId: user.id, allowMissingSources: field(form, 'confirmMissingSources') === '1' });
    if (!result.ok) return failure(result);
    refreshList();
    redirect(`/admin/golden/${encodeURIComponent(result.golden.id)}?saved=created`);
  });
}

export async function updateGoldenAction(_previous: GoldenFormState, form: FormData): Promise<GoldenFormState> {
  return guarded<GoldenFormState>('updateGolden', 'golden:write', async (user) => {
    const id = goldenIdSchema.safeParse(field(form, 'id'));
    if (!id.success) return { status: 'error', code: 'not_found', message: 'This golden answer does not exist.' };
    const loaded = new Date(field(form, 'updatedAt'));
    const { db } = await getDatabase();
    const result = await updateGolden(db, {
      id: id.data,
      input: goldenInputFromForm(form),
      userId: user.id,
      allowMissingSources: field(form, 'confirmMissingSources') === '1',
      expectedUpdatedAt: Number.isNaN(loaded.getTime()) ? undefined : loaded,
    });
    if (!result.ok) return failure(result);
    refreshList();
    redirect(`/admin/golden/${encodeURIComponent(id.data)}?saved=${result.changed ? 'updated' : 'unchanged'}`);
  });
}

export async function deleteGoldenAction(_previous: DeleteState, form: FormData): Promise<DeleteState> {
  return guarded<DeleteState>('deleteGolden', 'golden:write', async (user) => {
    const id = goldenIdSchema.safeParse(field(form, 'id'));
    if (!id.success) return { status: 'error', code: 'not_found', message: 'This golden answer does not exist.' };
    const { db } = await getDatabase();
    const result = await deleteGolden(db, { id: id.data, userId: user.id });
    if (!result.ok) return { status: 'error', code: result.code, message: result.message };
    refreshList();
    redirect(`/admin/golden?deleted=${encodeURIComponent(id.data)}`);
  });
}

export async function importGoldenAction(_previous: ImportState, form: FormData): Promise<ImportState> {
  return guarded<ImportState>('importGolden', 'golden:write', async (user) => {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { status: 'error', code: 'bad_file', message: 'Choose a non-empty .jsonl file to import.' };
    if (file.size > IMPORT_MAX_BYTES) return { status: 'error', code: 'too_large', message: `The file is ${(file.size / 1_000_000).toFixed(1)} MB; import at most 1 MB at a time (split it).` };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return { status: 'error', code: 'bad_file', message: 'The file is not UTF-8 text. Export it as UTF-8 JSONL and try again.' };
    }
    const fileName = file.name.slice(0, 200);
    const { db } = await getDatabase();
    const result = await importGoldenJsonl(db, { text, userId: user.id });
    if (!result.ok) return { status: 'rejected', fileName, errors: result.errors, lines: result.lines };
    refreshList();
    return { status: 'imported', fileName, created: result.created, updated: result.updated, unchanged: result.unchanged, warnings: result.warnings };
  });
}

export async function setThresholdAction(_previous: ThresholdState, form: FormData): Promise<ThresholdState> {
  return guarded<ThresholdState>('setThreshold', 'golden:write', async (user) => {
    const { db } = await getDatabase();
    if (field(form, 'intent') === 'reset') {
      await resetGoldenThreshold(db);
      refreshList();
      return { status: 'saved', value: null };
    }
    const result = await setGoldenThreshold(db, { value: field(form, 'threshold'), userId: user.id });
    if (!result.ok) return { status: 'error', code: 'invalid', message: result.message };
    refreshList();
    return { status: 'saved', value: result.value };
  });
}

const tryInputSchema = z.object({
  question: z.string().trim().min(1, 'Type a question to try.').max(2000, 'A chat message has at most 2,000 characters.'),
  lang: z.enum(GOLDEN_LANGS, { error: 'Choose a language.' }),
});

/** Read-only: analysts may try questions too. */
export async function tryGoldenAction(_previous: TryState, form: FormData): Promise<TryState> {
  return guarded<TryState>('tryGolden', 'golden:read', async () => {
    const parsed = tryInputSchema.safeParse({ question: field(form, 'question'), lang: field(form, 'lang') });
    if (!parsed.success) return { status: 'error', code: 'invalid', message: parsed.error.issues[0]?.message ?? 'Check the question.' };
    const { db } = await getDatabase();
    const deps = await createAnswerDeps(db, getConfig());
    return { status: 'done', result: await tryGoldenQuestion(deps, parsed.data) };
  });
}
