import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const getContactDetailsTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: "The email address, phone number and postal address on file for the signed-in customer.",
    inputSchema: READ_TOOLS.get_contact_details,
    execute: (input) => readActions.get_contact_details(db, { customerId, now, input }),
  });
