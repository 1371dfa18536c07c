import { tool } from 'ai';
import { WRITE_TOOLS } from '@/lib/domain/account-tools';

/**
 * Write tool: the model may only propose it. The AI SDK stops at an approval request; the
 * change runs later, after the customer approved it and the verifier passed (lib/actions/decide.ts).
 */
export const rescheduleAppointmentTool = () =>
  tool({
    description: "Moves the signed-in customer's next technician appointment to the free slot starting at startsAt. Needs the customer's approval.",
    inputSchema: WRITE_TOOLS.reschedule_appointment,
    needsApproval: true,
  });
