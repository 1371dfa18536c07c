import { z } from 'zod';
import type { ActionPreview } from '@/lib/domain/account-tools';
import type { Locale } from '@/lib/i18n/locales';
import { ConnectorDefinitionError, connectorCommonShape, defineHttpConnector, type HttpConnector, type Localized } from './definition';
import { JsonSchemaError, jsonInputSchema, jsonSchemaToZod } from './json-schema';
import { mcpServerConfigSchema, type McpServerConfig } from './mcp';

/**
 * Connectors written as JSON, e.g. a connectors config file:
 * { "connectors": [ … ], "mcpServers": [ … ] }. Each `connectors` entry
 * is a definition (definition.ts) whose `input` is a JSON-schema subset (json-schema.ts) and
 * whose `preview`, for a write, is made of templates:
 *
 *   "preview": {
 *     "title":   { "en": "Cancel order {orderId}", "de": "Bestellung {orderId} stornieren", "fr": "…", "it": "…" },
 *     "changes": [{ "label": { "en": "Order", "de": "Bestellung", "fr": "Commande", "it": "Ordine" },
 *                   "before": "{orderId}", "after": { "en": "cancelled", "de": "storniert", "fr": "annulée", "it": "annullato" } }],
 *     "notes":   [{ "en": "Paid amounts are refunded within 5 days.", … }]
 *   }
 *
 * A template is one text for every language or one per language; "{field}" is the input field's
 * value (empty when the customer left an optional field out). Unknown fields are an error.
 *
 * Each `mcpServers` entry names an MCP server and the tools of it the chat may use, each with its
 * risk (mcp.ts: mcpServerConfigSchema); the tools themselves are read from the server when the
 * registry loads (registry-load.ts).
 */

const template = z.string().trim().min(1).max(300);
const localizedTemplate = z.object({ en: template, de: template, fr: template, it: template }).strict();
const anyTemplate = z.union([template, localizedTemplate]);

export const previewConfigSchema = z
  .object({
    title: anyTemplate,
    changes: z
      .array(z.object({ label: anyTemplate, before: anyTemplate.optional(), after: anyTemplate }).strict())
      .max(20)
      .optional(),
    notes: z.array(anyTemplate).max(10).optional(),
  })
  .strict();
export type PreviewConfig = z.infer<typeof previewConfigSchema>;

export const connectorConfigSchema = z
  .object({ ...connectorCommonShape, input: jsonInputSchema, preview: previewConfigSchema.optional() })
  .strict();
export type ConnectorConfig = z.infer<typeof connectorConfigSchema>;

export const connectorsConfigSchema = z
  .object({ connectors: z.array(z.unknown()).max(200).default([]), mcpServers: z.array(z.unknown()).max(50).default([]) })
  .strict();

type Template = string | Localized;
const PLACEHOLDER = /\{(\w+)\}/g;

function templateFields(value: Template): string[] {
  const texts = typeof value === 'string' ? [value] : Object.values(value);
  return texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!));
}

function fill(value: Template, lang: Locale, input: Record<string, unknown>): string {
  const text = typeof value === 'string' ? value : value[lang];
  return text.replace(PLACEHOLDER, (_, field: string) => {
    const v = input[field];
    return v === undefined || v === null ? '' : String(v);
  });
}

function previewTemplates(preview: PreviewConfig): Template[] {
  return [preview.title, ...(preview.changes ?? []).flatMap((c) => [c.label, c.after, ...(c.before === undefined ? [] : [c.before])]), ...(preview.notes ?? [])];
}

/** The preview function a JSON preview describes. */
export function previewFromConfig(preview: PreviewConfig): (input: Record<string, unknown>, lang: Locale) => ActionPreview {
  return (input, lang) => ({
    title: fill(preview.title, lang, input),
    changes: (preview.changes ?? []).map((c) => ({
      label: fill(c.label, lang, input),
      before: c.before === undefined ? null : fill(c.before, lang, input),
      after: fill(c.after, lang, input),
    })),
    notes: (preview.notes ?? []).map((n) => fill(n, lang, input)),
  });
}

/** One connector from its JSON form; throws ConnectorDefinitionError listing every problem. */
export function connectorFromConfig(json: unknown): HttpConnector {
  const name = json && typeof json === 'object' && typeof (json as { name?: unknown }).name === 'string' ? (json as { name: string }).name : '';
  const parsed = connectorConfigSchema.safeParse(json);
  if (!parsed.success) throw new ConnectorDefinitionError(name, parsed.error.issues.map((i) => `${i.path.join('.') || 'definition'}: ${i.message}`));
  const { input: inputSchema, preview, ...rest } = parsed.data;

  let input: z.ZodObject;
  try {
    input = jsonSchemaToZod(inputSchema);
  } catch (error) {
    if (error instanceof JsonSchemaError) throw new ConnectorDefinitionError(name, error.problems.map((p) => `input: ${p}`));
    throw error;
  }
  if (preview) {
    const unknown = [...new Set(previewTemplates(preview).flatMap(templateFields))].filter((f) => !Object.hasOwn(inputSchema.properties, f));
    if (unknown.length > 0) throw new ConnectorDefinitionError(name, unknown.map((f) => `preview: {${f}} is not an input field`));
  }
  return defineHttpConnector({ ...rest, input, preview: preview ? previewFromConfig(preview) : undefined }) as unknown as HttpConnector;
}

export type ConnectorsConfigResult = { ok: true; connectors: HttpConnector[]; mcpServers: McpServerConfig[] } | { ok: false; problems: string[] };

/**
 * A whole connectors config ({ "connectors": [ … ], "mcpServers": [ … ] }): every connector and
 * server entry checked, names unique within each list (the registry checks them across kinds, once
 * the MCP tools are known). Problems name the entry (or its position) they belong to.
 */
export function parseConnectorsConfig(json: unknown): ConnectorsConfigResult {
  const file = connectorsConfigSchema.safeParse(json);
  if (!file.success) return { ok: false, problems: file.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`) };
  const problems: string[] = [];
  const connectors: HttpConnector[] = [];
  const seen = new Set<string>();
  file.data.connectors.forEach((entry, index) => {
    try {
      const connector = connectorFromConfig(entry);
      if (seen.has(connector.name)) problems.push(`connectors[${index}] ${connector.name}: the name is used twice`);
      seen.add(connector.name);
      connectors.push(connector);
    } catch (error) {
      if (!(error instanceof ConnectorDefinitionError)) throw error;
      problems.push(...error.problems.map((p) => `connectors[${index}]${error.connector ? ` ${error.connector}` : ''}: ${p}`));
    }
  });
  const mcpServers: McpServerConfig[] = [];
  const servers = new Set<string>();
  file.data.mcpServers.forEach((entry, index) => {
    const name = entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string' ? ` ${(entry as { name: string }).name}` : '';
    const server = mcpServerConfigSchema.safeParse(entry);
    if (!server.success) {
      problems.push(...server.error.issues.map((i) => `mcpServers[${index}]${name}: ${i.path.join('.') || 'server'}: ${i.message}`));
      return;
    }
    if (servers.has(server.data.name)) problems.push(`mcpServers[${index}]${name}: the name is used twice`);
    if (Object.keys(server.data.tools).length === 0) problems.push(`mcpServers[${index}]${name}: tools: name at least one tool the chat may use`);
    servers.add(server.data.name);
    mcpServers.push(server.data);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, connectors, mcpServers };
}
