import { WRITE_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { writeActions } from '@/lib/actions/repository';

/** Write: the model only proposes it; it runs after the customer approved and the verifier passed (lib/actions/decide.ts). */
export const restartModemConnector = defineBuiltinConnector({
  name: 'restart_modem',
  description: "Restarts the signed-in customer's Alpenwave Box remotely. Needs the customer's approval.",
  input: WRITE_TOOLS.restart_modem,
  risk: 'write',
  keyArguments: [],
  labels: { en: 'Restart Box', de: 'Box neu starten', fr: 'Redémarrer la Box', it: 'Riavviare la Box' },
  preview: ({ db, ...scope }) => writeActions.restart_modem.preview(db, scope),
  execute: ({ db, ...scope }) => writeActions.restart_modem.execute(db, scope),
});
