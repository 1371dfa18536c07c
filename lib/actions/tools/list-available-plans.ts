import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const listAvailablePlansTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: 'Plans the signed-in customer can switch to at their address, with the price difference and when a change would take effect.',
    inputSchema: READ_TOOLS.list_available_plans,
    execute: (input) => readActions.list_available_plans(db, { customerId, now, input }),
  });
