import type { ActionPreview, Outcome } from '@/lib/domain/account-tools';
import type { Locale } from '@/lib/i18n/locales';
import type { ExternalConnector } from './connector';
import { connectorRefusal } from './execute';

/**
 * What the approval card shows for a write connector, before the customer decides: an HTTP
 * definition's own preview for the validated input, in the customer's language, or, without one
 * (and for every MCP tool), the tool's label from the config and one line per argument. Nothing
 * is sent to the company's systems.
 */
export function previewConnector(connector: ExternalConnector, input: unknown, lang: Locale = 'en'): Outcome<ActionPreview> {
  if (connector.risk !== 'write') throw new Error(`connector ${connector.name} is a read: it runs without approval and has no preview`);
  const parsed = connector.input.safeParse(input);
  if (!parsed.success) return connectorRefusal('invalid_input', lang);
  if (connector.kind === 'http' && connector.preview) return { ok: true, value: connector.preview(parsed.data, lang) };
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
