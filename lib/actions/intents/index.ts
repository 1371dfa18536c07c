import type { LocalLanguageModelOptions } from '@/lib/ai/local/language-model';
import type { ExternalConnector } from '@/lib/actions/connectors/connector';
import { connectorRecognizer, type ConnectorCall } from './connectors';
import { businessTimeZone } from '@/lib/business-settings';
import { recognizeAccountRequest } from './recognize';
import type { CatalogPlan, RecognizeContext } from './types';

export { recognizeAccountRequest, explainRecognition, validateToolCall, RULES, type Recognition } from './recognize';
export type { CatalogPlan, RecognizeContext, RecognizedToolCall } from './types';
export { matchPlan, planKindOf } from './catalog';
export { parseAppointmentTime, zonedIso, SLOT_GRID } from './dates';

export { connectorRecognizer, type ConnectorCall } from './connectors';

/**
 * Every request the built-in rules read: the built-in account tools' first (their rules are
 * specific and evaluated), then the HTTP and MCP connectors' (definition-driven, connectors.ts;
 * the built-in connectors are the built-in tools, read by those richer rules).
 */
export function requestRecognizer(connectors: readonly ExternalConnector[]): (text: string, ctx: RecognizeContext) => ConnectorCall | null {
  const connectorCall = connectorRecognizer(connectors);
  return (text, ctx) => recognizeAccountRequest(text, ctx) ?? connectorCall(text, ctx);
}

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
  connectors?: readonly ExternalConnector[];
}): NonNullable<LocalLanguageModelOptions['recognizeToolCall']> {
  const recognize = requestRecognizer(options.connectors ?? []);
  return ({ text, lang, tools }) => {
    const call = recognize(text, {
      lang,
      catalog: options.catalog,
      now: options.now?.() ?? new Date(),
      timeZone: options.timeZone ?? businessTimeZone(),
    });
    return call && tools.some((t) => t.name === call.toolName) ? call : null;
  };
}
export { isDirectAccountRequest, normaliseForPatterns } from './direct-request';
