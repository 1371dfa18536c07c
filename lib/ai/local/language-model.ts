import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { composeAnswer, parseAnswerPrompt, type ComposeOptions } from './extractive-answer';
import { PHRASES } from './phrases';
import { asTextLanguage, type TextLanguage } from './text';

/**
 * The built-in language model: deterministic code behind the AI SDK's LanguageModelV4
 * interface, so streamText, tools, approvals and the chat UI run unchanged without an API key.
 * Given the answer prompt (numbered sources + question) it composes an extractive answer with
 * [n] citations; given tools and a request it recognises, it calls the tool.
 */

export type ToolCallIntent = { toolName: string; input: Record<string, unknown> };

export type LocalLanguageModelOptions = ComposeOptions & {
  /** Recognises a request for one of the offered tools in the customer's words. */
  recognizeToolCall?: (request: { text: string; lang: TextLanguage; tools: LanguageModelV4FunctionTool[] }) => ToolCallIntent | null;
  /** Words for a tool's result, when the conversation's last message is one. */
  describeToolResult?: (result: { toolName: string; output: unknown; lang: TextLanguage }) => string;
};

type Reply = { kind: 'text'; text: string } | { kind: 'tool-call'; id: string; toolName: string; input: string };

/** Rough token count (≈ 4 characters per token), so traces and dashboards have comparable figures. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function promptText(prompt: LanguageModelV4Prompt): string {
  return prompt
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => ('text' in p ? p.text : JSON.stringify(p))).join('\n')))
    .join('\n');
}

function usage(input: number, output: number): LanguageModelV4Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/** Words in the first delta: the answer starts showing at once. */
const FIRST_DELTA_WORDS = 3;
/**
 * Words in each later delta. The whole answer is composed before it streams, so smaller deltas
 * would only cost CPU: each one passes through several of the AI SDK's transform streams (at 3
 * words a delta that was a sixth of an answer's CPU, bench:answer-cpu).
 */
const DELTA_WORDS = 16;

/** Splits text into deltas of a few words, then of a line's worth, as a model server streams tokens. */
export function toDeltas(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const deltas: string[] = [];
  for (let i = 0; i < words.length; ) {
    const size = i === 0 ? FIRST_DELTA_WORDS : DELTA_WORDS;
    deltas.push(words.slice(i, i + size).join(''));
    i += size;
  }
  return deltas;
}

let callCounter = 0;

export class LocalLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'lantern-local';
  readonly modelId = 'lantern-extractive-v1';
  readonly supportedUrls = {};

  constructor(private readonly options: LocalLanguageModelOptions = {}) {}

  private reply(options: LanguageModelV4CallOptions): Reply {
    const { prompt } = options;
    const last = prompt.at(-1);
    const parsed = parseAnswerPrompt(prompt);
    const lang = parsed?.lang ?? languageHint(options) ?? 'en';
    if (last?.role === 'tool') {
      const result = last.content.find((p) => p.type === 'tool-result');
      const text =
        result && this.options.describeToolResult
          ? this.options.describeToolResult({ toolName: result.toolName, output: result.output, lang })
          : PHRASES[lang].done;
      return { kind: 'text', text };
    }
    const functionTools = (options.tools ?? []).filter((t): t is LanguageModelV4FunctionTool => t.type === 'function');
    if (functionTools.length > 0 && options.toolChoice?.type !== 'none' && this.options.recognizeToolCall && last?.role === 'user') {
      const text = parsed?.question ?? last.content.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
      const intent = this.options.recognizeToolCall({ text, lang, tools: functionTools });
      if (intent && functionTools.some((t) => t.name === intent.toolName)) {
        return { kind: 'tool-call', id: `local-call-${++callCounter}`, toolName: intent.toolName, input: JSON.stringify(intent.input) };
      }
    }
    if (!parsed) return { kind: 'text', text: PHRASES[lang].unknown };
    // The caller may know how sure retrieval is, and relax or tighten the coverage bar per call.
    // It may also pass the synonyms of the question's words (lib/rag/synonyms.ts).
    // And the title of the article the question names (lib/rag/title-match.ts).
    // And the model the turn is about (named, or the customer's own).
    const { minCoverage, usualCoverage, alternatives, titled, followed, model } = (options.providerOptions?.lantern ?? {}) as {
      minCoverage?: number;
      usualCoverage?: number;
      alternatives?: Record<string, string[]>;
      titled?: string;
      followed?: string;
      model?: string;
    };
    return {
      kind: 'text',
      text: composeAnswer(parsed, {
        ...this.options,
        ...(minCoverage !== undefined ? { minCoverage } : {}),
        ...(usualCoverage !== undefined ? { usualCoverage } : {}),
        ...(alternatives ? { alternatives } : {}),
        ...(titled ? { titled } : {}),
        ...(followed ? { followed } : {}),
        ...(model ? { model } : {}),
      }).text,
    };
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const reply = this.reply(options);
    const content: LanguageModelV4Content[] =
      reply.kind === 'text'
        ? [{ type: 'text', text: reply.text }]
        : [{ type: 'tool-call', toolCallId: reply.id, toolName: reply.toolName, input: reply.input }];
    return {
      content,
      finishReason: { unified: reply.kind === 'text' ? 'stop' : 'tool-calls', raw: undefined },
      usage: usage(estimateTokens(promptText(options.prompt)), estimateTokens(reply.kind === 'text' ? reply.text : reply.input)),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    options.abortSignal?.throwIfAborted();
    const reply = this.reply(options);
    const inputTokens = estimateTokens(promptText(options.prompt));
    const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    if (reply.kind === 'text') {
      parts.push({ type: 'text-start', id: 'text-0' });
      for (const delta of toDeltas(reply.text)) parts.push({ type: 'text-delta', id: 'text-0', delta });
      parts.push({ type: 'text-end', id: 'text-0' });
      parts.push({ type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: usage(inputTokens, estimateTokens(reply.text)) });
    } else {
      parts.push({ type: 'tool-input-start', id: reply.id, toolName: reply.toolName });
      for (const delta of reply.input.match(/.{1,16}/gs) ?? []) parts.push({ type: 'tool-input-delta', id: reply.id, delta });
      parts.push({ type: 'tool-input-end', id: reply.id });
      parts.push({ type: 'tool-call', toolCallId: reply.id, toolName: reply.toolName, input: reply.input });
      parts.push({ type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage: usage(inputTokens, estimateTokens(reply.input)) });
    }
    const signal = options.abortSignal;
    let i = 0;
    return {
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        pull(controller) {
          if (signal?.aborted) {
            controller.error(signal.reason);
            return;
          }
          const part = parts[i++];
          if (part) controller.enqueue(part);
          else controller.close();
        },
      }),
    };
  }
}

function languageHint(options: LanguageModelV4CallOptions): TextLanguage | undefined {
  const lantern = options.providerOptions?.lantern as { lang?: string } | undefined;
  return asTextLanguage(lantern?.lang);
}
