import type { Db } from '@/lib/db/client';
import { getSettingRecord, setSetting } from '@/lib/db/queries/settings';
import { parseSynonyms, SYNONYMS_MAX_CHARS, type SynonymProblem } from '@/lib/rag/synonyms';

/**
 * The search synonyms as the console shows and edits them (settings key search_synonyms). The
 * content folder's synonyms.txt fills them at ingest until an expert saves a version here.
 */
export { SYNONYMS_MAX_CHARS };

export type SynonymsView = {
  text: string;
  rules: number;
  /** Where the text in force comes from: an expert's save, the content folder's file, or nowhere yet. */
  origin: 'console' | 'content' | 'none';
  updatedAt: Date | null;
  updatedBy: { id: string; name: string; email: string } | null;
};

export async function getSearchSynonyms(db: Db): Promise<SynonymsView> {
  const record = await getSettingRecord(db, { key: 'search_synonyms' });
  if (!record) return { text: '', rules: 0, origin: 'none', updatedAt: null, updatedBy: null };
  return {
    text: record.value,
    rules: parseSynonyms(record.value).rules.length,
    origin: record.updatedBy ? 'console' : 'content',
    updatedAt: record.updatedAt,
    updatedBy: record.updatedBy,
  };
}

export type SaveSynonymsResult = { ok: true; rules: number } | { ok: false; message: string; problems: SynonymProblem[] };

/** Saves the synonyms when every line reads; otherwise nothing is saved and each bad line is named. */
export async function saveSearchSynonyms(db: Db, { text, userId }: { text: string; userId: string }): Promise<SaveSynonymsResult> {
  const normalised = text.replace(/\r\n?/g, '\n');
  if (normalised.length > SYNONYMS_MAX_CHARS) {
    return { ok: false, message: `The synonyms are ${normalised.length.toLocaleString('en')} characters long; at most ${SYNONYMS_MAX_CHARS.toLocaleString('en')}.`, problems: [] };
  }
  const { rules, problems } = parseSynonyms(normalised);
  if (problems.length > 0) {
    const lines = problems.map((p) => `line ${p.line}: ${p.message}`).join('; ');
    return { ok: false, message: `Nothing was saved. Fix ${problems.length === 1 ? 'this line' : 'these lines'} first — ${lines}.`, problems };
  }
  await setSetting(db, { key: 'search_synonyms', value: normalised, updatedBy: userId });
  return { ok: true, rules: rules.length };
}
