import type { LocalLanguageModelOptions } from '@/lib/ai/local/language-model';
import { recognizeAccountRequest } from './recognize';
import type { CatalogPlan } from './types';

export { recognizeAccountRequest, explainRecognition, validateToolCall, RULES, type Recognition } from './recognize';
export type { CatalogPlan, RecognizeContext, RecognizedToolCall } from './types';
export { matchPlan, planKindOf } from './catalog';
export { parseAppointmentTime, zonedIso, SLOT_GRID } from './dates';

export const DEFAULT_TIME_ZONE = 'Europe/Zurich';

/**
 * The recogniser as the built-in language model's `recognizeToolCall` option: it only proposes
 * tools the call actually offers.
 *
 *   new LocalLanguageModel({ recognizeToolCall: createToolCallRecognizer({ catalog }) })
 */
export function createToolCallRecognizer(options: {
  catalog: readonly CatalogPlan[];
  timeZone?: string;
  now?: () => Date;
}): NonNullable<LocalLanguageModelOptions['recognizeToolCall']> {
  return ({ text, lang, tools }) => {
    const call = recognizeAccountRequest(text, {
      lang,
      catalog: options.catalog,
      now: options.now?.() ?? new Date(),
      timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    });
    return call && tools.some((t) => t.name === call.toolName) ? call : null;
  };
}
export { isDirectAccountRequest, normaliseForPatterns } from './direct-request';
