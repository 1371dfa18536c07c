import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const listAppointmentSlotsConnector = defineBuiltinConnector({
  name: 'list_appointment_slots',
  description: "Free technician slots in the signed-in customer's area (at least 24 hours ahead).",
  input: READ_TOOLS.list_appointment_slots,
  risk: 'read',
  labels: { en: 'Free appointment slots', de: 'Freie Termine', fr: 'Créneaux libres', it: 'Appuntamenti liberi' },
  execute: ({ db, customerId, now, input }) => readActions.list_appointment_slots(db, { customerId, now, input }),
});
