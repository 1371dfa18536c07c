import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const getAppointmentTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: "The signed-in customer's booked technician visit: when it is (date and time window) and what kind (installation or repair). Not the free slots.",
    inputSchema: READ_TOOLS.get_appointment,
    execute: (input) => readActions.get_appointment(db, { customerId, now, input }),
  });
