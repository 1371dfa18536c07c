import type { ToolSet } from 'ai';
import type { ToolContext } from './context';
import { getAccountOverviewTool } from './get-account-overview';
import { listInvoicesTool } from './list-invoices';
import { explainInvoiceTool } from './explain-invoice';
import { listAvailablePlansTool } from './list-available-plans';
import { listAppointmentSlotsTool } from './list-appointment-slots';
import { getOutageStatusTool } from './get-outage-status';
import { getModemStatusTool } from './get-modem-status';
import { getAppointmentTool } from './get-appointment';
import { getContactDetailsTool } from './get-contact-details';
import { changePlanTool } from './change-plan';
import { rescheduleAppointmentTool } from './reschedule-appointment';
import { restartModemTool } from './restart-modem';
import { runLineDiagnosticTool } from './run-line-diagnostic';
import { updateContactDetailsTool } from './update-contact-details';
import { requestCallbackTool } from './request-callback';
import { connectorTools } from './connector-tool';

export type { ToolContext } from './context';

/**
 * The account tools for one signed-in customer (lib/domain/account-tools.ts has the contract),
 * and one tool per registered action connector (the registry refuses a connector that would
 * shadow a built-in tool's name).
 */
export function accountTools(ctx: ToolContext): ToolSet {
  return {
    ...connectorTools(ctx),
    get_account_overview: getAccountOverviewTool(ctx),
    list_invoices: listInvoicesTool(ctx),
    explain_invoice: explainInvoiceTool(ctx),
    list_available_plans: listAvailablePlansTool(ctx),
    list_appointment_slots: listAppointmentSlotsTool(ctx),
    get_outage_status: getOutageStatusTool(ctx),
    get_modem_status: getModemStatusTool(ctx),
    get_appointment: getAppointmentTool(ctx),
    get_contact_details: getContactDetailsTool(ctx),
    change_plan: changePlanTool(),
    reschedule_appointment: rescheduleAppointmentTool(),
    restart_modem: restartModemTool(),
    run_line_diagnostic: runLineDiagnosticTool(),
    update_contact_details: updateContactDetailsTool(),
    request_callback: requestCallbackTool(),
  };
}
