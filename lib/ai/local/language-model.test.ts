import { generateText, stepCountIs, streamText, tool, type TextStreamPart, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemPrompt, userPrompt } from '@/lib/rag/prompt';
import type { SearchHit } from '@/lib/rag/search';
import { buildSources } from '@/lib/rag/sources';
import { LocalLanguageModel, toDeltas, type LocalLanguageModelOptions } from './language-model';
import { PHRASES } from './phrases';

const restartBox5: SearchHit = {
  chunkId: 1,
  documentId: 'doc-restart-box5',
  title: 'Restart your Alpenwave Box 5',
  slug: 'restart-alpenwave-box-5',
  headingPath: 'Restart your Alpenwave Box 5 > Use the power button',
  anchor: 'use-the-power-button',
  content:
    'To restart the Box 5, do this:\n1. Hold the power button at the back for 3 seconds until the light bar goes off.\n2. Wait 30 seconds.\n3. Press the power button once to switch the Box on again.\n4. Wait until the light bar is white.',
  lang: 'en',
  version: null,
  audience: 'public',
  score: 1,
  ranks: { vector: null, fts: null, simple: null, fused: 1, rerank: null },
};

const question = 'How do I restart my Box 5?';
const system = systemPrompt({ company: 'Alpenwave', lang: 'en' });
const prompt = userPrompt({ question, standalone: question, lang: 'en', sources: buildSources({ hits: [restartBox5] }) });

const restartTool = { restart_modem: tool({ description: 'Restarts the customer’s modem', inputSchema: z.object({ confirm: z.boolean() }) }) };

async function collect<TOOLS extends ToolSet>(stream: AsyncIterable<TextStreamPart<TOOLS>>): Promise<TextStreamPart<TOOLS>[]> {
  const parts: TextStreamPart<TOOLS>[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

function recognizer(toolName: string) {
  const calls: { text: string; tools: string[] }[] = [];
  const recognizeToolCall: LocalLanguageModelOptions['recognizeToolCall'] = ({ text, tools }) => {
    calls.push({ text, tools: tools.map((t) => t.name) });
    return { toolName, input: { confirm: true } };
  };
  return { calls, recognizeToolCall };
}

describe('toDeltas', () => {
  it('splits text into a short first delta, then longer ones, that join back to the text', () => {
    const text = `One two three four five six seven.\n\n1. Eight [1] ${'word '.repeat(40)}end.`;
    const deltas = toDeltas(text);
    expect(deltas[0]).toBe('One two three ');
    expect(deltas.length).toBe(4);
    expect(deltas.join('')).toBe(text);
    expect(toDeltas('')).toEqual([]);
  });
});

describe('LocalLanguageModel through the AI SDK', () => {
  it('streams a cited answer in several text deltas and reports usage', async () => {
    const result = streamText({ model: new LocalLanguageModel(), system, prompt });
    const parts = await collect(result.stream);
    const deltas = parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : []));
    expect(deltas.length).toBeGreaterThan(3);
    const text = await result.text;
    expect(deltas.join('')).toBe(text);
    expect(text.startsWith(PHRASES.en.intro('Restart your Alpenwave Box 5', '[1]'))).toBe(true);
    expect(text).toContain('2. Wait 30 seconds.');
    expect(text).toMatch(/\[1\]$/);
    expect(parts.some((p) => p.type === 'tool-call')).toBe(false);
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    // ≈ 4 characters per token: the prompt is several hundred characters long.
    expect(usage.inputTokens).toBeGreaterThan(Math.floor((system.length + prompt.length) / 4) - 5);
    expect(usage.outputTokens).toBe(Math.ceil(text.length / 4));
  });

  it('gives the same text through generateText', async () => {
    const streamed = await streamText({ model: new LocalLanguageModel(), system, prompt }).text;
    const generated = await generateText({ model: new LocalLanguageModel(), system, prompt });
    expect(generated.text).toBe(streamed);
    expect(generated.finishReason).toBe('stop');
    expect(generated.usage.inputTokens).toBeGreaterThan(0);
  });

  it('says it does not know when the prompt carries no sources', async () => {
    const result = await generateText({ model: new LocalLanguageModel(), prompt: 'What is the meaning of life?' });
    expect(result.text).toBe(PHRASES.en.unknown);
    const german = await generateText({
      model: new LocalLanguageModel(),
      prompt: 'Was ist der Sinn des Lebens?',
      providerOptions: { lantern: { lang: 'de' } },
    });
    expect(german.text).toBe(PHRASES.de.unknown);
  });

  it('calls a tool the recognizer names: input deltas, a parsed tool-call and finish reason tool-calls', async () => {
    const { calls, recognizeToolCall } = recognizer('restart_modem');
    const result = streamText({ model: new LocalLanguageModel({ recognizeToolCall }), system, prompt, tools: restartTool });
    const parts = await collect(result.stream);
    const types = parts.map((p) => p.type);
    const start = types.indexOf('tool-input-start');
    const end = types.indexOf('tool-input-end');
    const call = types.indexOf('tool-call');
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    expect(call).toBeGreaterThan(end);
    const inputDeltas = parts.flatMap((p) => (p.type === 'tool-input-delta' ? [p.delta] : []));
    expect(inputDeltas.length).toBeGreaterThan(0);
    expect(JSON.parse(inputDeltas.join(''))).toEqual({ confirm: true });
    const toolCall = parts[call];
    expect(toolCall).toMatchObject({ type: 'tool-call', toolName: 'restart_modem', input: { confirm: true } });
    expect(parts[start]).toMatchObject({ type: 'tool-input-start', toolName: 'restart_modem' });
    expect(types).not.toContain('text-delta');
    expect(await result.finishReason).toBe('tool-calls');
    expect(await result.toolCalls).toHaveLength(1);
    // The recognizer reads the customer's question (not the whole prompt) and sees the offered tools.
    expect(calls).toEqual([{ text: question, tools: ['restart_modem'] }]);
  });

  it('ignores a recognizer that names a tool that was not offered', async () => {
    const { calls, recognizeToolCall } = recognizer('delete_account');
    const result = streamText({ model: new LocalLanguageModel({ recognizeToolCall }), system, prompt, tools: restartTool });
    const parts = await collect(result.stream);
    expect(calls).toHaveLength(1);
    expect(parts.some((p) => p.type === 'tool-call' || p.type === 'tool-input-start')).toBe(false);
    expect(await result.finishReason).toBe('stop');
    expect(await result.text).toBe(await streamText({ model: new LocalLanguageModel(), system, prompt }).text);
  });

  it('does not ask the recognizer when no tools are offered or tool choice is none', async () => {
    const { calls, recognizeToolCall } = recognizer('restart_modem');
    const model = new LocalLanguageModel({ recognizeToolCall });
    const without = await generateText({ model, system, prompt });
    const none = await generateText({ model, system, prompt, tools: restartTool, toolChoice: 'none' });
    expect(calls).toEqual([]);
    expect(without.toolCalls).toEqual([]);
    expect(none.toolCalls).toEqual([]);
    expect(none.text).toBe(without.text);
  });

  it('answers a tool result in words: its own "done", or the describer’s', async () => {
    const tools = { restart_modem: tool({ inputSchema: z.object({ confirm: z.boolean() }), execute: async () => ({ restarted: true }) }) };
    const { recognizeToolCall } = recognizer('restart_modem');
    const plain = await generateText({
      model: new LocalLanguageModel({ recognizeToolCall }),
      prompt: 'please restart my modem',
      tools,
      stopWhen: stepCountIs(3),
    });
    expect(plain.steps).toHaveLength(2);
    expect(plain.steps[0]?.toolResults).toHaveLength(1);
    expect(plain.text).toBe(PHRASES.en.done);

    const described: { toolName: string; lang: string }[] = [];
    const withWords = await generateText({
      model: new LocalLanguageModel({
        recognizeToolCall,
        describeToolResult: ({ toolName, lang }) => {
          described.push({ toolName, lang });
          return 'Your modem is restarting.';
        },
      }),
      prompt: 'please restart my modem',
      tools,
      stopWhen: stepCountIs(3),
    });
    expect(withWords.text).toBe('Your modem is restarting.');
    expect(described).toEqual([{ toolName: 'restart_modem', lang: 'en' }]);
  });

  it('ends with an abort when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = streamText({ model: new LocalLanguageModel(), system, prompt, abortSignal: controller.signal });
    const parts = await collect(result.stream);
    expect(parts.map((p) => p.type)).toContain('abort');
    expect(parts.some((p) => p.type === 'text-delta')).toBe(false);
    await expect(result.text).rejects.toMatchObject({ name: 'AbortError' });
    await expect(generateText({ model: new LocalLanguageModel(), system, prompt, abortSignal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('stops streaming when the signal is aborted mid-answer', async () => {
    const full = (await collect(streamText({ model: new LocalLanguageModel(), system, prompt }).stream)).filter((p) => p.type === 'text-delta');
    const controller = new AbortController();
    const result = streamText({ model: new LocalLanguageModel(), system, prompt, abortSignal: controller.signal });
    const parts: TextStreamPart<ToolSet>[] = [];
    for await (const part of result.stream) {
      parts.push(part);
      if (part.type === 'text-delta') controller.abort();
    }
    expect(parts.at(-1)?.type).toBe('abort');
    const deltas = parts.filter((p) => p.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThan(full.length);
  });
});
