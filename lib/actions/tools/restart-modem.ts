import { tool } from 'ai';
import { WRITE_TOOLS } from '@/lib/domain/account-tools';

/**
 * Write tool: the model may only propose it. The AI SDK stops at an approval request; the
 * change runs later, after the customer approved it and the verifier passed (lib/actions/decide.ts).
 */
export const restartModemTool = () =>
  tool({
    description: "Restarts the signed-in customer's Alpenwave Box remotely. Needs the customer's approval.",
    inputSchema: WRITE_TOOLS.restart_modem,
    needsApproval: true,
  });
