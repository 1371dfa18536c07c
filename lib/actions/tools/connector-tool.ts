import { tool, type Tool, type ToolSet } from 'ai';
import type { Connector } from '@/lib/actions/connectors';
import type { ToolContext } from './context';

/**
 * One AI SDK tool per registered action connector (lib/actions/connectors), built-in, HTTP or
 * MCP, with the connector's description and input schema. A read runs at once, for the signed-in
 * customer of the session (the model's arguments cannot name anyone: the schema has no such field
 * and is strict): a built-in one in Lantern's database for the customer's row, an external one
 * signed for the customer number the company knows. A write is only proposed: the AI SDK stops at
 * the approval request, the turn turns it into an approval card (account-turn.ts), and it runs
 * after the customer approved and the verifier passed (decide.ts).
 */
export function connectorTool(connector: Connector, ctx: ToolContext): Tool {
  if (connector.risk === 'write') {
    return tool({ description: connector.description, inputSchema: connector.input, needsApproval: true });
  }
  if (connector.kind === 'builtin') {
    return tool({
      description: connector.description,
      inputSchema: connector.input,
      execute: (input) => connector.execute({ db: ctx.db, customerId: ctx.customerId, now: ctx.now, actorUserId: null, approvalId: null, input }),
    });
  }
  return tool({
    description: connector.description,
    inputSchema: connector.input,
    execute: (input, { abortSignal }) => ctx.connectors.execute(connector, input, { customerId: ctx.customerNumber, lang: ctx.lang, signal: abortSignal }),
  });
}

/** The registry's connectors as tools, by name. */
export function connectorTools(ctx: ToolContext): ToolSet {
  return Object.fromEntries(ctx.connectors.connectors.map((connector) => [connector.name, connectorTool(connector, ctx)]));
}
