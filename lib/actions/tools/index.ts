import type { ToolSet } from 'ai';
import type { ToolContext } from './context';
import { connectorTools } from './connector-tool';

export type { ToolContext } from './context';

/**
 * The account tools for one signed-in customer: one per connector of the registry, the built-in
 * ones (the demo customer system, lib/actions/builtin) and the HTTP and MCP ones alike
 * (lib/domain/account-tools.ts has the built-in tools' contract).
 */
export function accountTools(ctx: ToolContext): ToolSet {
  return connectorTools(ctx);
}
