import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const getAppointmentConnector = defineBuiltinConnector({
  name: 'get_appointment',
  description: "The signed-in customer's booked technician visit: when it is (date and time window) and what kind (installation or repair). Not the free slots.",
  input: READ_TOOLS.get_appointment,
  risk: 'read',
  labels: { en: 'Technician appointment', de: 'Technikertermin', fr: 'Rendez-vous technicien', it: 'Appuntamento con il tecnico' },
  execute: ({ db, customerId, now, input }) => readActions.get_appointment(db, { customerId, now, input }),
});
