import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const getAccountOverviewConnector = defineBuiltinConnector({
  name: 'get_account_overview',
  description: "The signed-in customer's account: plans and monthly prices, the monthly total, open or overdue invoices, the next technician appointment and their devices.",
  input: READ_TOOLS.get_account_overview,
  risk: 'read',
  labels: { en: 'Account overview', de: 'Kontoübersicht', fr: 'Aperçu du compte', it: 'Panoramica del conto' },
  execute: ({ db, customerId, now, input }) => readActions.get_account_overview(db, { customerId, now, input }),
});
