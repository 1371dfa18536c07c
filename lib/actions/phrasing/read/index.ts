import type { ReadToolName } from '@/lib/domain/account-tools';
import type { AccountOverview, AvailablePlans, BookedAppointment, ContactDetails, DeviceView, FreeSlots, InvoiceExplanation, InvoiceSummary, OutageStatus } from '@/lib/actions/repository';
import { unreadableText } from '../approval';
import type { Lang } from '../format';
import { describeAccountOverview } from './account-overview';
import { describeAppointment } from './appointment';
import { describeContactDetails } from './contact-details';
import { describeAvailablePlans } from './available-plans';
import { describeInvoiceExplanation } from './explain-invoice';
import { describeFreeSlots } from './free-slots';
import { describeInvoices } from './invoices';
import { describeModemStatus } from './modem-status';
import { describeOutageStatus } from './outage-status';

/** Each read tool's successful value (lib/actions/repository/index.ts readActions), phrased. */
const DESCRIBERS: { [K in ReadToolName]: (value: never, lang: Lang) => string } = {
  get_account_overview: (v: AccountOverview, lang) => describeAccountOverview(v, lang),
  list_invoices: (v: { invoices: InvoiceSummary[] }, lang) => describeInvoices(v, lang),
  explain_invoice: (v: InvoiceExplanation, lang) => describeInvoiceExplanation(v, lang),
  list_available_plans: (v: AvailablePlans, lang) => describeAvailablePlans(v, lang),
  list_appointment_slots: (v: FreeSlots, lang) => describeFreeSlots(v, lang),
  get_outage_status: (v: OutageStatus, lang) => describeOutageStatus(v, lang),
  get_modem_status: (v: { devices: DeviceView[] }, lang) => describeModemStatus(v, lang),
  get_appointment: (v: BookedAppointment, lang) => describeAppointment(v, lang),
  get_contact_details: (v: ContactDetails, lang) => describeContactDetails(v, lang),
};

/**
 * A read tool's result (the `value` of a successful Outcome) as a short Markdown answer in the
 * customer's language. A value of an unexpected shape gets a short apology instead of an error.
 */
export function describeReadResult(toolName: ReadToolName, value: unknown, lang: Lang): string {
  const describe = DESCRIBERS[toolName] as ((value: unknown, lang: Lang) => string) | undefined;
  if (!describe || value === null || typeof value !== 'object') return unreadableText(lang);
  try {
    return describe(value, lang);
  } catch {
    return unreadableText(lang);
  }
}
