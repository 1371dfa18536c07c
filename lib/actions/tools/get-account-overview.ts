import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const getAccountOverviewTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: "The signed-in customer's account: plans and monthly prices, the monthly total, open or overdue invoices, the next technician appointment and their devices.",
    inputSchema: READ_TOOLS.get_account_overview,
    execute: (input) => readActions.get_account_overview(db, { customerId, now, input }),
  });
