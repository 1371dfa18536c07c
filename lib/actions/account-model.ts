import { createLocalChatModel, type ChatModel } from '@/lib/ai/models';
import { createToolCallRecognizer, type CatalogPlan } from '@/lib/actions/intents';
import type { TextLanguage } from '@/lib/ai/local/text';
import { describeReadResult, describeRefusal } from './phrasing';
import { isWriteTool, type Outcome, type ReadToolName } from '@/lib/domain/account-tools';

/** A tool output as the AI SDK hands it back to the model: sometimes wrapped as { type: 'json', value }. */
function unwrap(output: unknown): unknown {
  if (output && typeof output === 'object' && 'type' in output && (output as { type: unknown }).type === 'json' && 'value' in output) {
    return (output as { value: unknown }).value;
  }
  return output;
}

/** How the built-in model words a read tool's outcome, in the customer's language. */
export function describeToolOutput(toolName: string, output: unknown, lang: TextLanguage): string {
  const outcome = unwrap(output) as Outcome<unknown>;
  if (!outcome || typeof outcome !== 'object' || !('ok' in outcome)) return '';
  if (!outcome.ok) return describeRefusal(outcome, lang);
  if (isWriteTool(toolName)) return '';
  return describeReadResult(toolName as ReadToolName, outcome.value, lang);
}

/** The built-in language model set up for account requests: the catalog to read plan names from, and "now" for dates. */
export function localAccountModel({ catalog, now }: { catalog: CatalogPlan[]; now: Date }): ChatModel {
  return createLocalChatModel({
    recognizeToolCall: createToolCallRecognizer({ catalog, now: () => now }),
    describeToolResult: ({ toolName, output, lang }) => describeToolOutput(toolName, output, lang),
  });
}
