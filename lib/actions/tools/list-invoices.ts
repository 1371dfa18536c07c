import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const listInvoicesTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: "The signed-in customer's invoices, newest first, with amount, due date and status.",
    inputSchema: READ_TOOLS.list_invoices,
    execute: (input) => readActions.list_invoices(db, { customerId, now, input }),
  });
