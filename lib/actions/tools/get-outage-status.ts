import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const getOutageStatusTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: "Current, planned and recently resolved outages in the signed-in customer's area.",
    inputSchema: READ_TOOLS.get_outage_status,
    execute: (input) => readActions.get_outage_status(db, { customerId, now, input }),
  });
