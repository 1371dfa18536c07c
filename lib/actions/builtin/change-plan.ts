import { WRITE_TOOLS } from '@/lib/domain/account-tools';
import { defineBuiltinConnector } from '@/lib/actions/connectors/builtin';
import { writeActions } from '@/lib/actions/repository';

/** Write: the model only proposes it; it runs after the customer approved and the verifier passed (lib/actions/decide.ts). */
export const changePlanConnector = defineBuiltinConnector({
  name: 'change_plan',
  description: "Changes one of the signed-in customer's plans to another plan from the catalog (planId). Needs the customer's approval; the effective date and price difference are shown first.",
  input: WRITE_TOOLS.change_plan,
  risk: 'write',
  keyArguments: ['planId'],
  labels: { en: 'Change plan', de: 'Abo wechseln', fr: "Changer d'abonnement", it: 'Cambiare abbonamento' },
  preview: ({ db, ...scope }) => writeActions.change_plan.preview(db, scope),
  execute: ({ db, ...scope }) => writeActions.change_plan.execute(db, scope),
});
