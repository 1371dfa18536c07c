import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const listAvailablePlansConnector = defineBuiltinConnector({
  name: 'list_available_plans',
  description: 'Plans the signed-in customer can switch to at their address, with the price difference and when a change would take effect.',
  input: READ_TOOLS.list_available_plans,
  risk: 'read',
  labels: { en: 'Available plans', de: 'Verfügbare Abos', fr: 'Abonnements disponibles', it: 'Abbonamenti disponibili' },
  execute: ({ db, customerId, now, input }) => readActions.list_available_plans(db, { customerId, now, input }),
});
