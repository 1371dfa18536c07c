import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const getModemStatusConnector = defineBuiltinConnector({
  name: 'get_modem_status',
  description: "The signed-in customer's Alpenwave Box: model, online or offline, firmware, advice.",
  input: READ_TOOLS.get_modem_status,
  risk: 'read',
  labels: { en: 'Box status', de: 'Status der Box', fr: 'État de la Box', it: 'Stato della Box' },
  execute: ({ db, customerId, now, input }) => readActions.get_modem_status(db, { customerId, now, input }),
});
