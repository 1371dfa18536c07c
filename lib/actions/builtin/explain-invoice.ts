import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const explainInvoiceConnector = defineBuiltinConnector({
  name: 'explain_invoice',
  description: 'Explains one invoice of the signed-in customer line by line (the latest when no id is given): plans, roaming, fees, pro-rating, and the difference to the previous invoice.',
  input: READ_TOOLS.explain_invoice,
  risk: 'read',
  labels: { en: 'Invoice explained', de: 'Rechnung erklärt', fr: 'Explication de la facture', it: 'Spiegazione della fattura' },
  execute: ({ db, customerId, now, input }) => readActions.explain_invoice(db, { customerId, now, input }),
});
