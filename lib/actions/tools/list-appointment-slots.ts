import { tool } from 'ai';
import { READ_TOOLS } from '@/lib/domain/account-tools';
import { readActions } from '@/lib/actions/repository';
import type { ToolContext } from './context';

/** Read tool: runs at once; the model words the result. */
export const listAppointmentSlotsTool = ({ db, customerId, now }: ToolContext) =>
  tool({
    description: "Free technician slots in the signed-in customer's area (at least 24 hours ahead).",
    inputSchema: READ_TOOLS.list_appointment_slots,
    execute: (input) => readActions.list_appointment_slots(db, { customerId, now, input }),
  });
