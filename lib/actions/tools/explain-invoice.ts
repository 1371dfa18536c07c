import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const explainInvoiceTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: 'Explains one invoice of the signed-in customer line by line (the latest when no id is given): plans, roaming, fees, pro-rating, and the difference to the previous invoice.',
    inputSchema: READ_TOOLS.explain_invoice,
    execute: (input) => readActions.explain_invoice(db, { customerId, now, input }),
  });
