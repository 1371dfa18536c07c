import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const getModemStatusTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: "The signed-in customer's Alpenwave Box: model, online or offline, firmware, advice.",
    inputSchema: READ_TOOLS.get_modem_status,
    execute: (input) => readActions.get_modem_status(db, { customerId, now, input }),
  });
