import { stepCountIs, streamText, tool, type LanguageModel, type ToolSet } from 'ai';
import { BUILTIN_CONNECTORS } from '@/lib/actions/builtin';
import type { Connector } from '@/lib/actions/connectors/connector';
import type { ActionCall, ActionItem, Recogniser } from './actions';

/**
 * The account tools as the chat offers them (the registry's definitions: descriptions and
 * schemas), without execute: the evaluation looks at the call the model makes, nothing runs.
 */
function schemaOnlyTools(connectors: readonly Pick<Connector, 'name' | 'description' | 'input'>[]): ToolSet {
  return Object.fromEntries(connectors.map((c) => [c.name, tool({ description: c.description, inputSchema: c.input })]));
}

/**
 * Evaluates a language model as the chat uses it: streamText with the account tools (the built-in
 * ones, or a registry's `connectors`), one step;
 * the first tool call (validated by the AI SDK against the tool's zod schema) is the answer, no
 * call at all is a refusal.
 */
export function modelRecogniser(
  modelFor: (item: ActionItem) => LanguageModel,
  { connectors = BUILTIN_CONNECTORS }: { connectors?: readonly Pick<Connector, 'name' | 'description' | 'input'>[] } = {},
): Recogniser {
  const tools = schemaOnlyTools(connectors);
  return async (item): Promise<ActionCall> => {
    const result = streamText({
      model: modelFor(item),
      system: `You are a telecom company's account assistant. The customer is signed in; tools act on their own account only. Today is ${item.now}. Answer in ${item.lang}.`,
      prompt: item.request,
      tools,
      stopWhen: stepCountIs(1),
      temperature: 0,
      maxRetries: 0,
      providerOptions: { lantern: { lang: item.lang } },
      onError: () => {},
    });
    for await (const part of result.stream) {
      if (part.type === 'tool-call') return { toolName: part.toolName, input: part.input as Record<string, unknown> };
      if (part.type === 'error') throw part.error;
    }
    return null;
  };
}
