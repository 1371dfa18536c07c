import { tool } from 'ai';
import { WRITE_TOOLS } from '@/lib/domain/account-tools';

/**
 * Write tool: the model may only propose it. The AI SDK stops at an approval request; the
 * change runs later, after the customer approved it and the verifier passed (lib/actions/decide.ts).
 */
export const changePlanTool = () =>
  tool({
    description: "Changes one of the signed-in customer's plans to another plan from the catalog (planId). Needs the customer's approval; the effective date and price difference are shown first.",
    inputSchema: WRITE_TOOLS.change_plan,
    needsApproval: true,
  });
