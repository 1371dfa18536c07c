/**
 * Reads an AI SDK UI message stream (server-sent events: `data: {json}` lines, blank-line
 * separated, ending with `data: [DONE]`) off a fetch Response, timing it as a browser would see it.
 */

/** One parsed stream chunk: `type` plus whatever fields that chunk type carries. */
export type UIStreamEvent = { type: string; [key: string]: unknown };

export type UIStreamResult = {
  /** Request start → first 'text-delta' event; null when the stream carried no text. */
  ttftMs: number | null;
  /** Request start → end of the stream. */
  totalMs: number;
  /** All text deltas joined. */
  text: string;
  /** messageMetadata of 'start', 'message-metadata' and 'finish' events, merged in order (later wins). */
  metadata: Record<string, unknown>;
  events: UIStreamEvent[];
  /** The stream ended with `data: [DONE]` (not just by the connection closing). */
  done: boolean;
  /** errorText of 'error' events. */
  errors: string[];
};

export class UIStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UIStreamError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Consumes the response body. `startedAt` is the request's start on the same clock as `now`
 * (performance.now() by default). Throws UIStreamError for a body without a stream or a data
 * line that is not JSON; an HTTP error status should be checked before calling this.
 */
export async function readUIMessageStream(
  response: Response,
  startedAt: number,
  { now = () => performance.now() }: { now?: () => number } = {},
): Promise<UIStreamResult> {
  if (!response.body) throw new UIStreamError(`response ${response.status} has no body`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();

  const result: UIStreamResult = { ttftMs: null, totalMs: 0, text: '', metadata: {}, events: [], done: false, errors: [] };
  let buffer = '';
  let data: string[] = [];

  // One SSE event: its data lines joined with \n (the spec's rule for multi-line data).
  const dispatch = () => {
    if (data.length === 0) return;
    const payload = data.join('\n');
    data = [];
    if (payload.trim() === '[DONE]') {
      result.done = true;
      return;
    }
    let event: unknown;
    try {
      event = JSON.parse(payload);
    } catch {
      throw new UIStreamError(`stream data is not JSON: ${payload.slice(0, 200)}`);
    }
    if (!isRecord(event) || typeof event.type !== 'string') throw new UIStreamError(`stream event has no type: ${payload.slice(0, 200)}`);
    const typed = event as UIStreamEvent;
    result.events.push(typed);
    if (typed.type === 'text-delta' && typeof typed.delta === 'string') {
      result.ttftMs ??= now() - startedAt;
      result.text += typed.delta;
    }
    if ((typed.type === 'start' || typed.type === 'finish' || typed.type === 'message-metadata') && isRecord(typed.messageMetadata)) {
      result.metadata = { ...result.metadata, ...typed.messageMetadata };
    }
    if (typed.type === 'error') result.errors.push(typeof typed.errorText === 'string' ? typed.errorText : JSON.stringify(typed));
  };

  const processLine = (raw: string) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') return dispatch();
    if (line.startsWith(':')) return; // comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  };

  const processBuffer = () => {
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      processLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      processBuffer();
    }
    buffer += decoder.decode();
    processBuffer();
    // A last event without its terminating blank line still counts.
    if (buffer !== '') processLine(buffer);
    buffer = '';
    dispatch();
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
  result.totalMs = now() - startedAt;
  return result;
}
