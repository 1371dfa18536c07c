import { WRITE_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { writeActions } from '@/lib/actions/repository';

/** Write: the model only proposes it; it runs after the customer approved and the verifier passed (lib/actions/decide.ts). */
export const requestCallbackConnector = defineBuiltinConnector({
  name: 'request_callback',
  description: "Asks a support expert to call the signed-in customer back. Needs the customer's approval.",
  input: WRITE_TOOLS.request_callback,
  risk: 'write',
  // The topic is free text: the customer's words need not give it the same.
  keyArguments: [],
  handoffNote: ({ topic }) => (topic ? `Callback: ${topic}` : 'Callback requested'),
  labels: { en: 'Callback', de: 'Rückruf', fr: 'Rappel', it: 'Richiamata' },
  preview: ({ db, ...scope }) => writeActions.request_callback.preview(db, scope),
  execute: ({ db, ...scope }) => writeActions.request_callback.execute(db, scope),
});
