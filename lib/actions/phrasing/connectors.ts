import type { ExternalConnector as Connector } from '@/lib/actions/connectors/connector';
import type { Lang, Texts } from './format';

/**
 * The built-in model's words for an action connector's outcome. Lantern knows a connector only by
 * its definition, so the sentence is its label (in the customer's language) and the fields its
 * response map names, as the company's API named them ("Order status: status shipped, eta
 * 2026-12-05."); an MCP tool's are its structured result's fields, or its text as the server wrote
 * it. An LLM words the same result in full sentences. A refusal needs no words here: the
 * connector's refusal already carries the customer's sentence in their language (the
 * definition's own, the reason's standard one, or the MCP server's text; execute.ts, mcp.ts).
 */

const DONE: Texts<(label: string) => string> = {
  en: (label) => `Done: ${label}`,
  de: (label) => `Erledigt: ${label}`,
  fr: (label) => `C'est fait : ${label}`,
  it: (label) => `Fatto: ${label}`,
};

const NOTHING: Texts = {
  en: 'no details',
  de: 'keine Angaben',
  fr: 'aucun détail',
  it: 'nessun dettaglio',
};

/** "status shipped, eta 2026-12-05": the mapped fields that have a value. */
function fieldsText(value: Record<string, unknown>): string | null {
  // An MCP tool without a structured result answers in text (mcp.ts): that text, not "text …".
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'text' && typeof value.text === 'string') return value.text.trim().replace(/[.!]$/, '') || null;
  const parts = Object.entries(value)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([field, v]) => `${field} ${typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)}`);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** A read connector's answer. */
export function describeConnectorRead(connector: Connector, value: Record<string, unknown>, lang: Lang): string {
  return `${connector.labels[lang]}: ${fieldsText(value) ?? NOTHING[lang]}.`;
}

/** A write connector's answer after the customer approved it. */
export function describeConnectorDone(connector: Connector, value: Record<string, unknown>, lang: Lang): string {
  const fields = fieldsText(value);
  return fields ? `${DONE[lang](connector.labels[lang])} (${fields}).` : `${DONE[lang](connector.labels[lang])}.`;
}
