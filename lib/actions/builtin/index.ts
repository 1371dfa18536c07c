import type { BuiltinConnector } from '@/lib/actions/connectors/builtin';
import { getAccountOverviewConnector } from './get-account-overview';
import { listInvoicesConnector } from './list-invoices';
import { explainInvoiceConnector } from './explain-invoice';
import { listAvailablePlansConnector } from './list-available-plans';
import { listAppointmentSlotsConnector } from './list-appointment-slots';
import { getOutageStatusConnector } from './get-outage-status';
import { getModemStatusConnector } from './get-modem-status';
import { getAppointmentConnector } from './get-appointment';
import { getContactDetailsConnector } from './get-contact-details';
import { changePlanConnector } from './change-plan';
import { rescheduleAppointmentConnector } from './reschedule-appointment';
import { restartModemConnector } from './restart-modem';
import { runLineDiagnosticConnector } from './run-line-diagnostic';
import { updateContactDetailsConnector } from './update-contact-details';
import { requestCallbackConnector } from './request-callback';

/**
 * The demo telecom's account tools as built-in connectors (lib/actions/connectors/builtin.ts): one
 * file per tool, each calling the customer system in Lantern's own database (lib/actions/repository).
 * The registry holds them next to the HTTP and MCP connectors; in this order, reads first.
 */
export const BUILTIN_CONNECTORS: readonly BuiltinConnector[] = [
  getAccountOverviewConnector,
  listInvoicesConnector,
  explainInvoiceConnector,
  listAvailablePlansConnector,
  listAppointmentSlotsConnector,
  getOutageStatusConnector,
  getModemStatusConnector,
  getAppointmentConnector,
  getContactDetailsConnector,
  changePlanConnector,
  rescheduleAppointmentConnector,
  restartModemConnector,
  runLineDiagnosticConnector,
  updateContactDetailsConnector,
  requestCallbackConnector,
];
