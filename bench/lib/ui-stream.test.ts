import { describe, expect, it } from 'vitest';
import { readUIMessageStream, UIStreamError } from './ui-stream';

const encoder = new TextEncoder();

const sse = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

// What the chat route sends for a grounded answer (AI SDK UI message stream protocol).
const ANSWER_STREAM = [
  sse({ type: 'start', messageId: 'm1', messageMetadata: { conversationId: 'c1', lang: 'de' } }),
  sse({ type: 'start-step' }),
  sse({ type: 'text-start', id: 't1' }),
  sse({ type: 'text-delta', id: 't1', delta: 'Starten Sie die Box über ' }),
  sse({ type: 'text-delta', id: 't1', delta: 'Home > Box neu starten [1]. Grüße' }),
  sse({ type: 'text-end', id: 't1' }),
  sse({ type: 'finish-step' }),
  sse({ type: 'message-metadata', messageMetadata: { citations: [{ n: 1, documentId: 'modem-restart-box5-de' }] } }),
  sse({ type: 'finish', finishReason: 'stop', messageMetadata: { outcome: 'answered', messageId: 'db-1' } }),
  'data: [DONE]\n\n',
].join('');

/**
 * A Response whose body yields `bytes` cut at the given offsets. Each read advances a fake clock
 * by 10 ms, so chunk i (0-based) is read at t = 10 × (i + 1); highWaterMark 0 keeps the stream from
 * reading ahead of the consumer.
 */
function responseOf(text: string, cuts: number[] | 'every-byte', clock: { t: number }): Response {
  const bytes = encoder.encode(text);
  const offsets = cuts === 'every-byte' ? Array.from({ length: bytes.length - 1 }, (_, i) => i + 1) : cuts;
  const bounds = [0, ...offsets, bytes.length];
  const chunks = bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
  let next = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        clock.t += 10;
        const chunk = chunks[next++];
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

function byteOffset(text: string, marker: string, after = 0): number {
  const index = text.indexOf(marker);
  if (index === -1) throw new Error(`marker not found: ${marker}`);
  return encoder.encode(text.slice(0, index)).length + after;
}

describe('readUIMessageStream', () => {
  it('parses a stream delivered one byte at a time (split inside "data:", JSON, umlauts and line ends)', async () => {
    const clock = { t: 0 };
    const result = await readUIMessageStream(responseOf(ANSWER_STREAM, 'every-byte', clock), 0, { now: () => clock.t });
    expect(result.text).toBe('Starten Sie die Box über Home > Box neu starten [1]. Grüße');
    expect(result.events.map((e) => e.type)).toEqual([
      'start',
      'start-step',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'finish-step',
      'message-metadata',
      'finish',
    ]);
    expect(result.metadata).toEqual({
      conversationId: 'c1',
      lang: 'de',
      citations: [{ n: 1, documentId: 'modem-restart-box5-de' }],
      outcome: 'answered',
      messageId: 'db-1',
    });
    expect(result.done).toBe(true);
    expect(result.errors).toEqual([]);
  });

  it('times the first text delta from the request start, not from the first byte', async () => {
    // Chunk 0 ends inside the first text-delta event, chunk 1 completes it, chunk 2 is the rest.
    const firstDelta = byteOffset(ANSWER_STREAM, '"type":"text-delta"');
    const afterFirstDelta = byteOffset(ANSWER_STREAM, 'Home > Box') - '{"type":"text-delta","id":"t1","delta":"'.length - 'data: '.length;
    const clock = { t: 1000 };
    const started = 995; // the request went out 5 ms before the body's first read
    const result = await readUIMessageStream(responseOf(ANSWER_STREAM, [firstDelta, afterFirstDelta], clock), started, { now: () => clock.t });
    // Reads happen at 1010 (chunk 0), 1020 (chunk 1: the delta completes), 1030 (chunk 2), 1040 (end).
    expect(result.ttftMs).toBe(1020 - started);
    expect(result.totalMs).toBe(1040 - started);
    expect(result.text).toBe('Starten Sie die Box über Home > Box neu starten [1]. Grüße');
  });

  it('handles CRLF line ends, comments, a missing space after "data:" and a last event without its blank line', async () => {
    const text = [
      ': keep-alive\r\n\r\n',
      'data:{"type":"start","messageMetadata":{"outcome":"golden"}}\r\n\r\n',
      'data: {"type":"text-delta","id":"t","delta":"Hallo"}\r\n\r\n',
      'data: {"type":"finish"}',
    ].join('');
    const clock = { t: 0 };
    const result = await readUIMessageStream(responseOf(text, [3, 40, 41, 80], clock), 0, { now: () => clock.t });
    expect(result.events.map((e) => e.type)).toEqual(['start', 'text-delta', 'finish']);
    expect(result.metadata).toEqual({ outcome: 'golden' });
    expect(result.text).toBe('Hallo');
    expect(result.done).toBe(false);
  });

  it('reports no TTFT for a stream without text and collects error events', async () => {
    const text = sse({ type: 'start' }) + sse({ type: 'error', errorText: 'model timed out' }) + sse({ type: 'finish', messageMetadata: { outcome: 'error' } }) + 'data: [DONE]\n\n';
    const clock = { t: 0 };
    const result = await readUIMessageStream(responseOf(text, [], clock), 0, { now: () => clock.t });
    expect(result.ttftMs).toBeNull();
    expect(result.totalMs).toBe(20);
    expect(result.errors).toEqual(['model timed out']);
    expect(result.metadata).toEqual({ outcome: 'error' });
  });

  it('throws UIStreamError for data that is not JSON or an event without a type', async () => {
    const clock = { t: 0 };
    await expect(readUIMessageStream(responseOf('data: {"type":"start"\n\n', [], clock), 0)).rejects.toThrow(UIStreamError);
    await expect(readUIMessageStream(responseOf('data: {"delta":"x"}\n\n', [], clock), 0)).rejects.toThrow(/no type/);
    await expect(readUIMessageStream(new Response(null, { status: 204 }), 0)).rejects.toThrow(/no body/);
  });
});
