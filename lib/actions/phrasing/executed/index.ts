import type { WriteToolName } from '@/lib/domain/account-tools';
import type { CallbackRequest, ContactUpdateResult, LineDiagnostic, PlanChangeResult, RescheduleResult, RestartResult } from '@/lib/actions/repository';
import { unreadableText } from '../approval';
import type { Lang } from '../format';
import { describeCallback } from './callback';
import { describePlanChange } from './change-plan';
import { describeContactUpdate } from './contact';
import { describeLineDiagnostic } from './line-diagnostic';
import { describeReschedule } from './reschedule';
import { describeRestart } from './restart-modem';

/** Each write tool's executed value (lib/actions/repository/index.ts writeActions), phrased. */
const DESCRIBERS: { [K in WriteToolName]: (value: never, lang: Lang) => string } = {
  change_plan: (v: PlanChangeResult, lang) => describePlanChange(v, lang),
  reschedule_appointment: (v: RescheduleResult, lang) => describeReschedule(v, lang),
  restart_modem: (v: RestartResult, lang) => describeRestart(v, lang),
  run_line_diagnostic: (v: LineDiagnostic, lang) => describeLineDiagnostic(v, lang),
  update_contact_details: (v: ContactUpdateResult, lang) => describeContactUpdate(v, lang),
  request_callback: (v: CallbackRequest, lang) => describeCallback(v, lang),
};

/**
 * What an executed change did (the `value` of a successful Outcome), as Markdown in the
 * customer's language. A value of an unexpected shape gets a short apology instead of an error.
 */
export function describeExecuted(toolName: WriteToolName, value: unknown, lang: Lang): string {
  const describe = DESCRIBERS[toolName] as ((value: unknown, lang: Lang) => string) | undefined;
  if (!describe || value === null || typeof value !== 'object') return unreadableText(lang);
  try {
    return describe(value, lang);
  } catch {
    return unreadableText(lang);
  }
}
