import { WRITE_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { writeActions } from '@/lib/actions/repository';

/** Write: the model only proposes it; it runs after the customer approved and the verifier passed (lib/actions/decide.ts). */
export const runLineDiagnosticConnector = defineBuiltinConnector({
  name: 'run_line_diagnostic',
  description: "Runs a line diagnostic on the signed-in customer's connection. Needs the customer's approval.",
  input: WRITE_TOOLS.run_line_diagnostic,
  risk: 'write',
  keyArguments: [],
  labels: { en: 'Line test', de: 'Leitungstest', fr: 'Test de ligne', it: 'Test della linea' },
  preview: ({ db, ...scope }) => writeActions.run_line_diagnostic.preview(db, scope),
  execute: ({ db, ...scope }) => writeActions.run_line_diagnostic.execute(db, scope),
});
