import type { ActionPreview, WriteToolName } from '@/lib/domain/account-tools';
import { translate } from '../english';
import type { Lang } from '../format';
import { RESCHEDULE_PREVIEW } from './appointment';
import { CHANGE_PLAN_PREVIEW } from './change-plan';
import { CALLBACK_PREVIEW, CONTACT_PREVIEW } from './contact';
import { LINE_DIAGNOSTIC_PREVIEW, RESTART_PREVIEW } from './device';
import type { PreviewRules } from './rules';

const RULES: Record<WriteToolName, PreviewRules> = {
  change_plan: CHANGE_PLAN_PREVIEW,
  reschedule_appointment: RESCHEDULE_PREVIEW,
  restart_modem: RESTART_PREVIEW,
  run_line_diagnostic: LINE_DIAGNOSTIC_PREVIEW,
  update_contact_details: CONTACT_PREVIEW,
  request_callback: CALLBACK_PREVIEW,
};

/**
 * A write tool's preview (English, from the repository) in the customer's language: the fixed
 * parts it recognises (title, change labels, sentence values, notes) are translated; names,
 * amounts, numbers and any text it does not recognise stay as they are. Returns a new object.
 */
export function localizePreview(toolName: WriteToolName, preview: ActionPreview, lang: Lang): ActionPreview {
  const rules = RULES[toolName] as PreviewRules | undefined;
  if (!rules || lang === 'en') return { title: preview.title, changes: preview.changes.map((c) => ({ ...c })), notes: [...preview.notes] };
  const value = (text: string) => translate(text, rules.value, lang);
  return {
    title: translate(preview.title, rules.title, lang),
    changes: preview.changes.map((c) => ({ label: translate(c.label, rules.label, lang), before: c.before === null ? null : value(c.before), after: value(c.after) })),
    notes: preview.notes.map((n) => translate(n, rules.notes, lang)),
  };
}
