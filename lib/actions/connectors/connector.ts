import type { z } from 'zod';
import type { BuiltinConnector } from './builtin';
import { requiredArguments, type ConnectorRisk, type HttpConnector, type Localized } from './definition';
import type { McpTool } from './mcp';

/**
 * The three kinds of action connector the registry holds: a request to the company's HTTP API
 * (definition.ts), a tool of the company's MCP server (mcp.ts), or a built-in tool of the demo
 * customer system in Lantern's own database (builtin.ts). The chat's tools, the built-in model's
 * recogniser, the approval card, the verifier and the audit log use only what all have (name,
 * description, input, risk, labels, keyArguments); how a call is sent depends on `kind`
 * (ConnectorRegistry.execute for the external two).
 */
export type McpConnector = {
  readonly kind: 'mcp';
  readonly name: string;
  /** The server's own description of the tool, for the model. */
  readonly description: string;
  /** The tool's arguments, strict (from the server's JSON schema). */
  readonly input: z.ZodType<Record<string, unknown>>;
  /** From the config, never from the server. */
  readonly risk: ConnectorRisk;
  readonly labels: Localized;
  /** The arguments the verifier compares with the customer's words (a write's required ones). */
  readonly keyArguments: readonly string[];
  readonly tool: McpTool;
};

/** A connector to a system outside Lantern: called signed, for the customer number the company knows. */
export type ExternalConnector = HttpConnector | McpConnector;

export type Connector = ExternalConnector | BuiltinConnector;

export function isExternal(connector: Connector): connector is ExternalConnector {
  return connector.kind !== 'builtin';
}

/** "track_parcel" → "Track parcel". */
function labelFromName(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A discovered MCP tool as a connector. Without labels in the config, the tool's name stands for
 * it in every language ("Track parcel"): the approval card and the built-in model's recogniser
 * then only know that English wording.
 */
export function mcpConnector(tool: McpTool): McpConnector {
  const fallback = labelFromName(tool.name);
  return Object.freeze({
    kind: 'mcp',
    name: tool.name,
    description: tool.description,
    input: tool.input as unknown as z.ZodType<Record<string, unknown>>,
    risk: tool.risk,
    labels: tool.labels ? { ...tool.labels } : { en: fallback, de: fallback, fr: fallback, it: fallback },
    keyArguments: tool.risk === 'write' ? [...(tool.keyArguments ?? requiredArguments(tool.input as unknown as z.ZodType<Record<string, unknown>>))] : [],
    tool,
  } satisfies McpConnector);
}
