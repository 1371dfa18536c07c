import { WRITE_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { writeActions } from '@/lib/actions/repository';

/** Write: the model only proposes it; it runs after the customer approved and the verifier passed (lib/actions/decide.ts). */
export const updateContactDetailsConnector = defineBuiltinConnector({
  name: 'update_contact_details',
  description: "Changes the signed-in customer's email address or phone number. Needs the customer's approval.",
  input: WRITE_TOOLS.update_contact_details,
  risk: 'write',
  keyArguments: ['email', 'phone'],
  labels: { en: 'Update contact details', de: 'Kontaktdaten ändern', fr: 'Modifier les coordonnées', it: 'Modificare i dati di contatto' },
  preview: ({ db, ...scope }) => writeActions.update_contact_details.preview(db, scope),
  execute: ({ db, ...scope }) => writeActions.update_contact_details.execute(db, scope),
});
