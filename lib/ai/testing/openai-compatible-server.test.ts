import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, embedMany, generateText, streamText, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCAL_EMBEDDING_DIMENSIONS, LocalEmbeddingModel } from '../local/embedding-model';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from './openai-compatible-server';

let server: OpenAICompatibleServer;
beforeEach(async () => {
  server = await startOpenAICompatibleServer();
});
afterEach(async () => {
  await server.close();
});

const provider = () => createOpenAI({ baseURL: server.url, apiKey: 'test-key' });
const weatherTools = { get_weather: tool({ description: 'Weather for a city', inputSchema: z.object({ city: z.string() }) }) };

function bodyOf(index: number): Record<string, unknown> {
  const body = server.requests[index]?.body;
  if (typeof body !== 'object' || body === null) throw new Error(`request ${index} has no JSON body`);
  return body as Record<string, unknown>;
}

async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** Parses an SSE body into its `data:` payloads. */
function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length));
}

describe('chat completions through openai.chat()', () => {
  it('streams text as several deltas and reports usage', async () => {
    server.setReply({ kind: 'text', chunks: ['Grüezi', ' from', ' Bern', '!'], usage: { prompt_tokens: 11, completion_tokens: 4 } });
    const result = streamText({ model: provider().chat('test-model'), prompt: 'Say hello' });

    const deltas: string[] = [];
    for await (const part of result.stream) if (part.type === 'text-delta') deltas.push(part.text);

    expect(deltas).toEqual(['Grüezi', ' from', ' Bern', '!']);
    expect(await result.text).toBe('Grüezi from Bern!');
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(11);
    expect(usage.outputTokens).toBe(4);
    expect(usage.totalTokens).toBe(15);

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(bodyOf(0)).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'Say hello' }],
    });
  });

  it('spaces chunks by delayMs', async () => {
    server.setReply({ kind: 'text', chunks: ['a', 'b', 'c'], delayMs: 150 });
    const started = Date.now();
    const result = streamText({ model: provider().chat('test-model'), prompt: 'x' });
    const arrivals: number[] = [];
    for await (const part of result.stream) if (part.type === 'text-delta') arrivals.push(Date.now() - started);
    expect(arrivals).toHaveLength(3);
    // Each chunk is followed by a pause, so the third arrives two pauses (300 ms) after the first;
    // checked against one pause, as a busy machine can deliver the first chunk late and the rest on time.
    expect(arrivals[2]! - arrivals[0]!).toBeGreaterThanOrEqual(150);
  });

  it('streams a tool call whose arguments arrive in pieces', async () => {
    server.setReply({ kind: 'tool-call', name: 'get_weather', args: { city: 'Bern' }, id: 'call_abc' });
    const result = streamText({ model: provider().chat('test-model'), prompt: 'Weather in Bern?', tools: weatherTools });

    const inputDeltas: string[] = [];
    const calls: Array<{ toolCallId: string; toolName: string; input: unknown }> = [];
    for await (const part of result.stream) {
      if (part.type === 'tool-input-delta') inputDeltas.push(part.delta);
      if (part.type === 'tool-call') calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      if (part.type === 'text-delta') throw new Error(`unexpected text ${part.text}`);
    }

    expect(inputDeltas.length).toBeGreaterThan(1);
    expect(inputDeltas.join('')).toBe('{"city":"Bern"}');
    expect(calls).toEqual([{ toolCallId: 'call_abc', toolName: 'get_weather', input: { city: 'Bern' } }]);
    expect(await result.finishReason).toBe('tool-calls');
    const toolCalls = await result.toolCalls;
    expect(toolCalls.map((call) => [call.toolName, call.input])).toEqual([['get_weather', { city: 'Bern' }]]);

    // The tool definition reached the server in OpenAI's shape.
    expect(bodyOf(0).tools).toMatchObject([{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }]);
  });

  it('streams text before a tool call', async () => {
    server.setReply({ kind: 'tool-call', name: 'get_weather', args: { city: 'Bern' }, text: 'Let me check.' });
    const result = streamText({ model: provider().chat('test-model'), prompt: 'Weather?', tools: weatherTools });
    expect(await result.text).toBe('Let me check.');
    const toolCalls = await result.toolCalls;
    expect(toolCalls).toHaveLength(1);
    expect(toolCalls[0]!.input).toEqual({ city: 'Bern' });
  });

  it('answers non-streaming requests with a chat.completion object', async () => {
    server.setReply({ kind: 'text', chunks: ['Plain', ' answer'] });
    const text = await generateText({ model: provider().chat('test-model'), prompt: 'one two three' });
    expect(text.text).toBe('Plain answer');
    expect(text.usage.inputTokens).toBe(3);
    expect(bodyOf(0).stream).not.toBe(true);

    server.setReply({ kind: 'tool-call', name: 'get_weather', args: { city: 'Zürich' } });
    const call = await generateText({ model: provider().chat('test-model'), prompt: 'Weather?', tools: weatherTools });
    expect(call.finishReason).toBe('tool-calls');
    expect(call.toolCalls.map((c) => c.input)).toEqual([{ city: 'Zürich' }]);
  });

  it('lets a reply function answer per request', async () => {
    server.setReply((request) => {
      const messages = (request.body as { messages: Array<{ content: string }> }).messages;
      return { kind: 'text', chunks: ['echo: ', messages.at(-1)!.content] };
    });
    const result = await generateText({ model: provider().chat('test-model'), prompt: 'ping' });
    expect(result.text).toBe('echo: ping');
  });

  it('sends the SSE wire format OpenAI sends', async () => {
    server.setReply({ kind: 'tool-call', name: 'get_weather', args: { city: 'Bern' }, id: 'call_1' });
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const data = sseData(await response.text());
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as { object: string; choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }>; usage: unknown });
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0]!.choices[0]!.delta).toMatchObject({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] });
    const finish = chunks.at(-2)!;
    expect(finish.choices[0]!.finish_reason).toBe('tool_calls');
    expect(finish.usage).toBeNull();
    const usageChunk = chunks.at(-1)!;
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toMatchObject({ prompt_tokens: 1, total_tokens: expect.any(Number) });
  });
});

describe('errors', () => {
  it.each([
    [500, 'The server had an error'],
    [429, 'Rate limit reached'],
  ])('surfaces status %i as an APICallError', async (status, message) => {
    server.setReply({ kind: 'error', status, message });

    // streamText does not throw: the error is an `error` part and goes to onError.
    const onErrorCalls: unknown[] = [];
    const result = streamText({
      model: provider().chat('test-model'),
      prompt: 'x',
      maxRetries: 0,
      onError: ({ error }) => {
        onErrorCalls.push(error);
      },
    });
    const errorParts: unknown[] = [];
    for await (const part of result.stream) if (part.type === 'error') errorParts.push(part.error);
    expect(errorParts).toHaveLength(1);
    const streamed = errorParts[0];
    expect(APICallError.isInstance(streamed)).toBe(true);
    expect((streamed as APICallError).statusCode).toBe(status);
    expect((streamed as APICallError).message).toBe(message);
    expect((streamed as APICallError).isRetryable).toBe(true);
    expect(onErrorCalls).toEqual([streamed]);
    // Awaiting the final text rejects, but with a generic NoOutputGeneratedError, not the APICallError.
    expect(await rejectionOf(result.text)).toMatchObject({ name: 'AI_NoOutputGeneratedError' });

    // generateText throws the APICallError itself.
    const thrown = await rejectionOf(generateText({ model: provider().chat('test-model'), prompt: 'x', maxRetries: 0 }));
    expect(APICallError.isInstance(thrown)).toBe(true);
    expect((thrown as APICallError).statusCode).toBe(status);
    expect(JSON.parse((thrown as APICallError).responseBody!)).toMatchObject({ error: { message } });

    // maxRetries: 0 means exactly one HTTP call each.
    expect(server.requests).toHaveLength(2);
  });

  it.each([false, true])('aborts a hanging request (headers sent: %s) within the timeout', async (sendHeaders) => {
    server.setReply({ kind: 'hang', sendHeaders });

    let started = Date.now();
    // Held in a variable: an unreferenced timeout signal may be garbage-collected before it fires.
    const signal = AbortSignal.timeout(300);
    const result = streamText({ model: provider().chat('test-model'), prompt: 'x', maxRetries: 0, abortSignal: signal });
    const parts: string[] = [];
    for await (const part of result.stream) parts.push(part.type);
    expect(Date.now() - started).toBeLessThan(2000);
    // An abort is an `abort` part (not an `error` part), and the final text rejects with the reason.
    expect(parts).toContain('abort');
    expect(parts).not.toContain('text-delta');
    expect(await rejectionOf(result.text)).toMatchObject({ name: 'TimeoutError' });
    expect(signal.aborted).toBe(true);

    // With a caller's signal too (a route's request.signal), use `stepMs`: a plain number or
    // `totalMs` is merged via AbortSignal.any(AbortSignal.timeout()), which Node 20 can lose to GC.
    started = Date.now();
    const caller = new AbortController();
    const step = streamText({ model: provider().chat('test-model'), prompt: 'x', maxRetries: 0, abortSignal: caller.signal, timeout: { stepMs: 300 } });
    const stepParts: Array<{ type: string; reason?: string }> = [];
    for await (const part of step.stream) stepParts.push(part.type === 'abort' ? { type: part.type, reason: part.reason } : { type: part.type });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stepParts.at(-1)).toEqual({ type: 'abort', reason: expect.stringContaining('Step timeout of 300ms exceeded') });
    expect(caller.signal.aborted).toBe(false);

    // The SDK's own `timeout` option (ms) does the same for generateText.
    started = Date.now();
    const thrown = await rejectionOf(generateText({ model: provider().chat('test-model'), prompt: 'x', maxRetries: 0, timeout: 300 }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(thrown).toMatchObject({ name: 'TimeoutError' });
    expect(server.requests).toHaveLength(3);
  });

  it('close() ends hanging connections instead of waiting for them', async () => {
    server.setReply({ kind: 'hang', sendHeaders: true });
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [], stream: true }),
    });
    // Settle both outcomes right away, so a rejection is never unhandled while we wait.
    const outcome = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => error);
    const bodyRead = outcome(response.text());
    server.setReply({ kind: 'hang' });
    const pending = outcome(fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [] }) }));
    await expect.poll(() => server.requests.length).toBe(2);

    // Bounded, so a close() that waits for the sockets fails here instead of timing out.
    let closed = false;
    await Promise.race([server.close().then(() => (closed = true)), new Promise((resolve) => setTimeout(resolve, 1000))]);
    expect(closed).toBe(true);
    expect(await bodyRead).toBeInstanceOf(Error);
    expect(await pending).toBeInstanceOf(Error);
  });

  it('rejects bad JSON with a 400 JSON error', async () => {
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model": "m", "messages": [',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    const json = (await response.json()) as { error: { message: string; type: string } };
    expect(json.error.type).toBe('invalid_request_error');
    expect(json.error.message).toMatch(/JSON/);
    expect(server.requests[0]!.body).toBe('{"model": "m", "messages": [');
  });

  it('answers unknown paths with a 404 JSON error', async () => {
    const response = await fetch(`${server.url}/completions`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    const json = (await response.json()) as { error: { message: string } };
    expect(json.error.message).toContain('/v1/completions');
    expect((await fetch(`${server.url}/chat/completions`)).status).toBe(404);
  });
});

describe('embeddings through openai.embedding()', () => {
  it('returns the local model vectors, stable for identical inputs', async () => {
    const values = ['How do I reset my password?', 'How do I reset my password?', 'Rechnung herunterladen'];
    const { embeddings, usage } = await embedMany({ model: provider().embedding('test-embed'), values });

    expect(embeddings).toHaveLength(3);
    for (const vector of embeddings) expect(vector).toHaveLength(LOCAL_EMBEDDING_DIMENSIONS);
    expect(embeddings[0]).toEqual(embeddings[1]);
    expect(embeddings[0]).not.toEqual(embeddings[2]);
    const local = await new LocalEmbeddingModel().doEmbed({ values });
    expect(embeddings).toEqual(local.embeddings);
    expect(usage.tokens).toBeGreaterThan(0);

    expect(server.requests[0]!.path).toBe('/v1/embeddings');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer test-key');
    expect(bodyOf(0)).toMatchObject({ model: 'test-embed', input: values, encoding_format: 'float' });
  });

  it('accepts a single string input and the dimensions option', async () => {
    const response = await fetch(`${server.url}/embeddings`, {
      method: 'POST',
      body: JSON.stringify({ model: 'e', input: 'hello world', dimensions: 64 }),
    });
    expect(response.status).toBe(200);
    const json = (await response.json()) as { object: string; data: Array<{ object: string; index: number; embedding: number[] }>; usage: { prompt_tokens: number } };
    expect(json.object).toBe('list');
    expect(json.data).toHaveLength(1);
    expect(json.data[0]).toMatchObject({ object: 'embedding', index: 0 });
    expect(json.data[0]!.embedding).toHaveLength(64);
    expect(json.usage.prompt_tokens).toBe(2);

    const bad = await fetch(`${server.url}/embeddings`, { method: 'POST', body: JSON.stringify({ model: 'e', input: [1, 2] }) });
    expect(bad.status).toBe(400);
  });

  it('surfaces an error reply as an APICallError', async () => {
    server.setReply({ kind: 'error', status: 401, message: 'Incorrect API key provided' });
    const thrown = await rejectionOf(embedMany({ model: provider().embedding('test-embed'), values: ['a'], maxRetries: 0 }));
    expect(APICallError.isInstance(thrown)).toBe(true);
    expect((thrown as APICallError).statusCode).toBe(401);
    expect((thrown as APICallError).isRetryable).toBe(false);
  });
});
