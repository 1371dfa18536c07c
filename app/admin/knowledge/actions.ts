'use server';

import { revalidatePath } from 'next/cache';
import { guardedAction } from '@/lib/auth/guarded-action';
import { saveSearchSynonyms } from '@/lib/console/knowledge/synonyms';
import { getDatabase } from '@/lib/db';

export type SynonymsState =
  | { status: 'idle' }
  | { status: 'error'; code: string; message: string; lines?: number[] }
  | { status: 'saved'; rules: number };

/** Saves the search synonyms; the permission is checked here, whatever the page showed. */
export async function saveSynonymsAction(_previous: SynonymsState, form: FormData): Promise<SynonymsState> {
  return guardedAction<SynonymsState>(
    { name: 'saveSearchSynonyms', permission: 'knowledge:ingest', refuse: ({ reason, message }) => ({ status: 'error', code: reason, message }) },
    async (user) => {
      const text = form.get('synonyms');
      if (typeof text !== 'string') return { status: 'error', code: 'bad_request', message: 'Send the synonyms as text.' };
      const { db } = await getDatabase();
      const result = await saveSearchSynonyms(db, { text, userId: user.id });
      if (!result.ok) return { status: 'error', code: 'invalid', message: result.message, lines: result.problems.map((p) => p.line) };
      revalidatePath('/admin/knowledge');
      return { status: 'saved', rules: result.rules };
    },
  );
}
