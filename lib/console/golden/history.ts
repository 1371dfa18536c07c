import type { GoldenSnapshot, GoldenVersion } from '@/lib/db/queries/golden-answer-versions';
import { formatFact } from '@/lib/domain/facts';

/** What one history entry changed, field by field, for people to read. */
export type FieldChange = { field: 'lang' | 'question' | 'answer' | 'source_ids' | 'tags' | 'facts'; label: string; before: string | null; after: string | null };

const FIELDS: { field: FieldChange['field']; label: string }[] = [
  { field: 'lang', label: 'Language' },
  { field: 'question', label: 'Question' },
  { field: 'answer', label: 'Answer' },
  { field: 'source_ids', label: 'Source articles' },
  { field: 'tags', label: 'Tags' },
  { field: 'facts', label: 'Key facts' },
];

function show(snapshot: GoldenSnapshot | null, field: FieldChange['field']): string | null {
  if (!snapshot) return null;
  if (field === 'facts') return snapshot.facts === undefined ? null : snapshot.facts.length > 0 ? snapshot.facts.map(formatFact).join('; ') : '—';
  const value = snapshot[field];
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '—';
  return typeof value === 'string' ? value : null;
}

/** The fields that differ between before and after (all of them for a creation or deletion). */
export function changesOf(version: Pick<GoldenVersion, 'before' | 'after'>): FieldChange[] {
  return FIELDS.flatMap(({ field, label }) => {
    const before = show(version.before, field);
    const after = show(version.after, field);
    return before === after ? [] : [{ field, label, before, after }];
  });
}

export const ACTION_LABELS: Record<GoldenVersion['action'], string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  import: 'Imported',
};
