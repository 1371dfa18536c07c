import { LOCALES } from '@/lib/i18n/locales';
import type { ActionPreview, WriteToolName } from '@/lib/domain/account-tools';
import { localizePreview } from './phrasing';

/**
 * Whether an approval card still shows what would happen: the stored card (localised when it was
 * proposed) against a fresh English preview. The whole card counts as the terms — title, every
 * change line (plan, prices, fee, dates) and the notes, which carry some fees (moving an
 * appointment at short notice) and conditions. The card's language is not stored, so the fresh
 * preview matches if it reads the same in any of the chat's languages; money and dates differ in
 * every language, so a changed term never passes.
 */
export function sameTerms(toolName: WriteToolName, stored: ActionPreview, fresh: ActionPreview): boolean {
  const shown = canonical(stored);
  return LOCALES.some((lang) => canonical(localizePreview(toolName, fresh, lang)) === shown);
}

/** Whitespace-insensitive, and blind to anything but the fields the card renders. */
function canonical(preview: ActionPreview): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : null);
  return JSON.stringify([
    text(preview.title),
    (Array.isArray(preview.changes) ? preview.changes : []).map((c) => [text(c.label), text(c.before), text(c.after)]),
    (Array.isArray(preview.notes) ? preview.notes : []).map(text),
  ]);
}
