import { tool, type Tool, type ToolSet } from 'ai';
import type { ExternalConnector } from '@/lib/actions/connectors';
import type { ToolContext } from './context';

/**
 * One AI SDK tool per registered action connector (lib/actions/connectors), HTTP or MCP, with the
 * connector's description and input schema. A read runs at once, for the signed-in customer of
 * the session (the model's arguments cannot name anyone: the schema has no such field and is
 * strict). A write is only proposed, like the built-in write tools: the AI SDK stops at the
 * approval request, the turn turns it into an approval card (connector-approval.ts), and it runs
 * after the customer approved and the verifier passed (decide.ts).
 */
export function connectorTool(connector: ExternalConnector, ctx: ToolContext): Tool {
  if (connector.risk === 'write') {
    return tool({ description: connector.description, inputSchema: connector.input, needsApproval: true });
  }
  return tool({
    description: connector.description,
    inputSchema: connector.input,
    execute: (input, { abortSignal }) => ctx.connectors.execute(connector, input, { customerId: ctx.customerNumber, lang: ctx.lang, signal: abortSignal }),
  });
}

/** The registry's connectors as tools, by name. */
export function connectorTools(ctx: ToolContext): ToolSet {
  return Object.fromEntries(ctx.connectors.external.map((connector) => [connector.name, connectorTool(connector, ctx)]));
}
