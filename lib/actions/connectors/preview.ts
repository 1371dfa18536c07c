import type { ActionPreview, Outcome } from '@/lib/domain/account-tools';
import type { Locale } from '@/lib/i18n/locales';
import type { ConnectorInputSchema, HttpConnector } from './definition';
import { connectorRefusal } from './execute';

/**
 * What the approval card shows for a write connector, before the customer decides: the
 * definition's preview for the validated input, in the customer's language, or, without one, the
 * tool's label and one line per input field. Nothing is sent to the company's API.
 */
export function previewHttpConnector<I extends ConnectorInputSchema>(connector: HttpConnector<I>, input: unknown, lang: Locale = 'en'): Outcome<ActionPreview> {
  if (connector.risk !== 'write') throw new Error(`connector ${connector.name} is a read: it runs without approval and has no preview`);
  const parsed = connector.input.safeParse(input);
  if (!parsed.success) return connectorRefusal('invalid_input', lang);
  if (connector.preview) return { ok: true, value: connector.preview(parsed.data, lang) };
  const values = parsed.data as Record<string, unknown>;
  return {
    ok: true,
    value: {
      title: connector.labels[lang],
      changes: Object.entries(values)
        .filter(([, value]) => value !== undefined)
        .map(([field, value]) => ({ label: field, before: null, after: typeof value === 'string' ? value : JSON.stringify(value) })),
      notes: [],
    },
  };
}
