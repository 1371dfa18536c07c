import { WRITE_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { writeActions } from '@/lib/actions/repository';

/** Write: the model only proposes it; it runs after the customer approved and the verifier passed (lib/actions/decide.ts). */
export const rescheduleAppointmentConnector = defineBuiltinConnector({
  name: 'reschedule_appointment',
  description: "Moves the signed-in customer's next technician appointment to the free slot starting at startsAt. Needs the customer's approval.",
  input: WRITE_TOOLS.reschedule_appointment,
  risk: 'write',
  keyArguments: ['startsAt'],
  labels: { en: 'Move appointment', de: 'Termin verschieben', fr: 'Déplacer le rendez-vous', it: "Spostare l'appuntamento" },
  preview: ({ db, ...scope }) => writeActions.reschedule_appointment.preview(db, scope),
  execute: ({ db, ...scope }) => writeActions.reschedule_appointment.execute(db, scope),
});
