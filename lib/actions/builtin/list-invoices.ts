import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const listInvoicesConnector = defineBuiltinConnector({
  name: 'list_invoices',
  description: "The signed-in customer's invoices, newest first, with amount, due date and status.",
  input: READ_TOOLS.list_invoices,
  risk: 'read',
  labels: { en: 'Invoices', de: 'Rechnungen', fr: 'Factures', it: 'Fatture' },
  execute: ({ db, customerId, now, input }) => readActions.list_invoices(db, { customerId, now, input }),
});
