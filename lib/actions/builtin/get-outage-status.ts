import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const getOutageStatusConnector = defineBuiltinConnector({
  name: 'get_outage_status',
  description: "Current, planned and recently resolved outages in the signed-in customer's area.",
  input: READ_TOOLS.get_outage_status,
  risk: 'read',
  labels: { en: 'Outage status', de: 'Störungsstatus', fr: 'État des pannes', it: 'Stato dei guasti' },
  execute: ({ db, customerId, now, input }) => readActions.get_outage_status(db, { customerId, now, input }),
});
