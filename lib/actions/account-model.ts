import { createLocalChatModel, type ChatModel } from '@/lib/ai/models';
import { createToolCallRecognizer, type CatalogPlan } from '@/lib/actions/intents';
import type { TextLanguage } from '@/lib/ai/local/text';
import type { ConnectorRegistry } from './connectors/registry';
import { NO_CONNECTORS } from './connectors/registry';
import { describeConnectorRead, describeReadResult, describeRefusal } from './phrasing';
import { isWriteTool, type Outcome, type ReadToolName } from '@/lib/domain/account-tools';

/** A tool output as the AI SDK hands it back to the model: sometimes wrapped as { type: 'json', value }. */
function unwrap(output: unknown): unknown {
  if (output && typeof output === 'object' && 'type' in output && (output as { type: unknown }).type === 'json' && 'value' in output) {
    return (output as { value: unknown }).value;
  }
  return output;
}

/** How the built-in model words a read tool's outcome (a built-in tool's or a connector's), in the customer's language. */
export function describeToolOutput(toolName: string, output: unknown, lang: TextLanguage, connectors: ConnectorRegistry = NO_CONNECTORS): string {
  const outcome = unwrap(output) as Outcome<unknown>;
  if (!outcome || typeof outcome !== 'object' || !('ok' in outcome)) return '';
  const found = connectors.get(toolName);
  // Built-in tools are worded by their own phrasing (describeReadResult), richer than a connector's.
  const connector = found?.kind === 'builtin' ? undefined : found;
  // A connector's refusal is already the customer's sentence (the definition's own, or the reason's).
  if (connector) return outcome.ok ? describeConnectorRead(connector, outcome.value as Record<string, unknown>, lang) : outcome.message;
  if (!outcome.ok) return describeRefusal(outcome, lang);
  if (isWriteTool(toolName)) return '';
  return describeReadResult(toolName as ReadToolName, outcome.value, lang);
}

/** The built-in language model set up for account requests: the catalog to read plan names from, "now" for dates, and the connectors to recognise. */
export function localAccountModel({ catalog, now, connectors = NO_CONNECTORS }: { catalog: CatalogPlan[]; now: Date; connectors?: ConnectorRegistry }): ChatModel {
  return createLocalChatModel({
    recognizeToolCall: createToolCallRecognizer({ catalog, now: () => now, connectors: connectors.external }),
    describeToolResult: ({ toolName, output, lang }) => describeToolOutput(toolName, output, lang, connectors),
  });
}
