'use server';

import { revalidatePath } from 'next/cache';
import { guardedAction } from '@/lib/auth/guarded-action';
import { saveSearchSynonyms } from '@/lib/console/knowledge/synonyms';
import { createWebsiteSource, deleteWebsiteSource, rescheduleWebsiteSource, type WebsiteScheduleInput } from '@/lib/console/knowledge/website-sources';
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

/** The form's fields as sent: kept on an error so nothing typed is lost. */
export type WebsiteSourceFields = Record<'name' | 'url' | 'mode' | 'include' | 'exclude' | 'facets' | 'audience' | 'schedule', string>;
export type WebsiteSourceState = { status: 'idle' } | { status: 'error'; message: string; fields: WebsiteSourceFields; attempt: number } | { status: 'saved'; name: string };

/** Adds a website source (crawled when someone starts it, or on its schedule). */
export async function addWebsiteSourceAction(_previous: WebsiteSourceState, form: FormData): Promise<WebsiteSourceState> {
  return guardedAction<WebsiteSourceState>(
    { name: 'addWebsiteSource', permission: 'knowledge:ingest', refuse: ({ message }) => ({ status: 'error', message, fields: fieldsOf(form), attempt: Date.now() }) },
    async (user) => {
      const field = (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' ? value : undefined;
      };
      const input = {
        name: field('name') ?? '',
        url: field('url') ?? '',
        mode: field('mode') === 'sitemap' ? ('sitemap' as const) : ('start' as const),
        include: field('include') ?? '',
        exclude: field('exclude') ?? '',
        facets: field('facets') ?? '',
        audience: field('audience') === 'internal' ? ('internal' as const) : ('public' as const),
        schedule: (['hourly', 'daily', 'weekly'] as const).find((s) => s === field('schedule')) ?? ('manual' as const),
      };
      const { db } = await getDatabase();
      const created = await createWebsiteSource(db, { input, userId: user.id });
      if (!created.ok) return { status: 'error', message: created.message, fields: fieldsOf(form), attempt: Date.now() };
      revalidatePath('/admin/knowledge');
      return { status: 'saved', name: created.source.name };
    },
  );
}

function fieldsOf(form: FormData): WebsiteSourceFields {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.slice(0, 4000) : '';
  };
  return { name: get('name'), url: get('url'), mode: get('mode'), include: get('include'), exclude: get('exclude'), facets: get('facets'), audience: get('audience'), schedule: get('schedule') };
}

export type RemoveSourceState = { status: 'idle' } | { status: 'error'; message: string } | { status: 'removed'; documents: number };

/** Removes a website source with its pages from the index (refused while an ingest runs). */
export async function removeWebsiteSourceAction(_previous: RemoveSourceState, form: FormData): Promise<RemoveSourceState> {
  return guardedAction<RemoveSourceState>(
    { name: 'removeWebsiteSource', permission: 'knowledge:ingest', refuse: ({ message }) => ({ status: 'error', message }) },
    async (user) => {
      const id = Number(form.get('id'));
      if (!Number.isInteger(id) || id <= 0) return { status: 'error', message: 'Say which website source to remove.' };
      const { db } = await getDatabase();
      const result = await deleteWebsiteSource(db, { id, holder: `console (${user.email})` });
      if (result.busy) return { status: 'error', message: result.busy };
      if (!result.deleted) return { status: 'error', message: 'This website source was removed already.' };
      revalidatePath('/admin/knowledge');
      return { status: 'removed', documents: result.documents };
    },
  );
}

export type RescheduleSourceState = { status: 'idle' } | { status: 'error'; message: string } | { status: 'saved'; nextRunAt: string | null };

/** Changes a website source's schedule and when its next crawl runs. */
export async function rescheduleWebsiteSourceAction(_previous: RescheduleSourceState, form: FormData): Promise<RescheduleSourceState> {
  return guardedAction<RescheduleSourceState>(
    { name: 'rescheduleWebsiteSource', permission: 'knowledge:ingest', refuse: ({ message }) => ({ status: 'error', message }) },
    async () => {
      const field = (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' && value !== '' ? value : undefined;
      };
      const { db } = await getDatabase();
      // Whatever was sent is checked by rescheduleWebsiteSource's schema, with a message naming the field.
      const result = await rescheduleWebsiteSource(db, { input: { id: Number(field('id')), schedule: field('schedule') as WebsiteScheduleInput['schedule'], nextRunAt: field('nextRunAt') } });
      if (!result.ok) return { status: 'error', message: result.message };
      revalidatePath('/admin/knowledge');
      return { status: 'saved', nextRunAt: result.source.nextRunAt?.toISOString() ?? null };
    },
  );
}
