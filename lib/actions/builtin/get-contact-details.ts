import { READ_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { readActions } from '@/lib/actions/repository';

/** Read: runs at once; the model words the result. */
export const getContactDetailsConnector = defineBuiltinConnector({
  name: 'get_contact_details',
  description: "The email address, phone number and postal address on file for the signed-in customer.",
  input: READ_TOOLS.get_contact_details,
  risk: 'read',
  labels: { en: 'Contact details', de: 'Kontaktdaten', fr: 'Coordonnées', it: 'Dati di contatto' },
  execute: ({ db, customerId, now, input }) => readActions.get_contact_details(db, { customerId, now, input }),
});
