import type { ActionPreview, Outcome, ReadToolName, ToolInput, WriteToolName } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import { getAppointment, listFreeSlots, previewRescheduleAppointment, executeRescheduleAppointment } from './appointments';
import { executeRequestCallback, executeUpdateContactDetails, getContactDetails, previewRequestCallback, previewUpdateContactDetails } from './contact';
import { getAccountOverview } from './customers';
import { executeLineDiagnostic, executeRestartModem, getModemStatus, previewLineDiagnostic, previewRestartModem } from './devices';
import { explainInvoice, listInvoices } from './invoices';
import { getOutageStatus } from './outages';
import { executeChangePlan, listAvailablePlans, previewChangePlan } from './plans';
import type { ActorScope, CustomerScope } from './shared';

/**
 * The customer system's repository: the only way to read or change customer data. Every function
 * takes (db, { customerId, …, now }) and returns an Outcome: a typed value, or a typed refusal with
 * a sentence for the customer. Writes come in pairs: preview… (checks, changes nothing) and
 * execute… (checks again in a transaction, applies, writes one audit row).
 */
export * from './appointments';
export * from './audit';
export * from './contact';
export * from './customers';
export * from './devices';
export * from './invoices';
export * from './outages';
export * from './plans';
export * from './profile';
export { ok, refuse, formatMoney, formatMoneyDifference } from './outcome';
export type { ActorScope, CustomerScope } from './shared';

/** Each read tool, called with its validated input (lib/actions/contract.ts READ_TOOLS). */
export const readActions: {
  [K in ReadToolName]: (db: Db, args: CustomerScope & { input: ToolInput<K> }) => Promise<Outcome<unknown>>;
} = {
  get_account_overview: (db, { customerId, now }) => getAccountOverview(db, { customerId, now }),
  list_invoices: (db, { customerId, now, input }) => listInvoices(db, { customerId, now, limit: input.limit }),
  explain_invoice: (db, { customerId, now, input }) => explainInvoice(db, { customerId, now, invoiceId: input.invoiceId }),
  list_available_plans: (db, { customerId, now, input }) => listAvailablePlans(db, { customerId, now, kind: input.kind }),
  list_appointment_slots: (db, { customerId, now, input }) => listFreeSlots(db, { customerId, now, from: input.from, days: input.days }),
  get_outage_status: (db, { customerId, now }) => getOutageStatus(db, { customerId, now }),
  get_modem_status: (db, { customerId, now }) => getModemStatus(db, { customerId, now }),
  get_appointment: (db, { customerId, now }) => getAppointment(db, { customerId, now }),
  get_contact_details: (db, { customerId, now }) => getContactDetails(db, { customerId, now }),
};

type WriteAction<K extends WriteToolName> = {
  preview: (db: Db, args: CustomerScope & { input: ToolInput<K> }) => Promise<Outcome<ActionPreview>>;
  execute: (db: Db, args: ActorScope & { input: ToolInput<K> }) => Promise<Outcome<unknown>>;
};

/** Each write tool's preview/execute pair, called with its validated input (WRITE_TOOLS). */
export const writeActions: { [K in WriteToolName]: WriteAction<K> } = {
  change_plan: {
    preview: (db, { input, ...scope }) => previewChangePlan(db, { ...scope, planId: input.planId }),
    execute: (db, { input, ...scope }) => executeChangePlan(db, { ...scope, planId: input.planId }),
  },
  reschedule_appointment: {
    preview: (db, { input, ...scope }) => previewRescheduleAppointment(db, { ...scope, startsAt: input.startsAt }),
    execute: (db, { input, ...scope }) => executeRescheduleAppointment(db, { ...scope, startsAt: input.startsAt }),
  },
  restart_modem: {
    preview: (db, { customerId, now }) => previewRestartModem(db, { customerId, now }),
    execute: (db, { customerId, now, actorUserId, approvalId }) => executeRestartModem(db, { customerId, now, actorUserId, approvalId }),
  },
  run_line_diagnostic: {
    preview: (db, { customerId, now }) => previewLineDiagnostic(db, { customerId, now }),
    execute: (db, { customerId, now, actorUserId, approvalId }) => executeLineDiagnostic(db, { customerId, now, actorUserId, approvalId }),
  },
  update_contact_details: {
    preview: (db, { input, ...scope }) => previewUpdateContactDetails(db, { ...scope, email: input.email, phone: input.phone }),
    execute: (db, { input, ...scope }) => executeUpdateContactDetails(db, { ...scope, email: input.email, phone: input.phone }),
  },
  request_callback: {
    preview: (db, { input, ...scope }) => previewRequestCallback(db, { ...scope, topic: input.topic }),
    execute: (db, { input, ...scope }) => executeRequestCallback(db, { ...scope, topic: input.topic }),
  },
};
