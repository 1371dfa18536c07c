import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import { getSettingRecord, setSetting } from '@/lib/db/queries/settings';
import { parseSynonyms, SYNONYMS_MAX_CHARS } from '@/lib/rag/synonyms';

/** The search synonyms that ship with the content: `synonyms.txt` at the folder's root (not a document). */
export const SYNONYMS_FILE = 'synonyms.txt';

/**
 * Loads the content folder's synonyms into the search_synonyms setting. Once an expert has saved
 * synonyms in the console (the setting has an author), the console's version is kept: the file
 * is only the starting point. Lines that cannot be read are reported as ingest errors.
 */
export async function loadSynonymsFile(db: Db, dir: string): Promise<{ applied: boolean; errors: { path: string; message: string }[] }> {
  let text: string;
  try {
    text = await fs.readFile(path.join(path.resolve(/*turbopackIgnore: true*/ dir), SYNONYMS_FILE), 'utf8');
  } catch {
    return { applied: false, errors: [] };
  }
  const { problems } = parseSynonyms(text);
  const errors = problems.map((p) => ({ path: `${SYNONYMS_FILE}:${p.line}`, message: p.message }));
  if (text.length > SYNONYMS_MAX_CHARS) {
    return { applied: false, errors: [{ path: SYNONYMS_FILE, message: `longer than ${SYNONYMS_MAX_CHARS.toLocaleString('en')} characters: not loaded` }] };
  }
  const current = await getSettingRecord(db, { key: 'search_synonyms' });
  if (current?.updatedBy) return { applied: false, errors };
  if (current?.value !== text) {
    await setSetting(db, { key: 'search_synonyms', value: text, updatedBy: null });
  }
  return { applied: true, errors };
}
