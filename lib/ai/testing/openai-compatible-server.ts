import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { LocalEmbeddingModel } from '../local/embedding-model';

/**
 * A local OpenAI-compatible HTTP server for tests: real HTTP on 127.0.0.1, real SSE, the wire
 * format of OpenAI's Chat Completions and Embeddings APIs (what Ollama, vLLM and llama.cpp serve
 * too). Point `createOpenAI({ baseURL: server.url })` at it and use `.chat(id)` / `.embedding(id)`.
 */

export type MockUsage = { prompt_tokens: number; completion_tokens: number };

export type MockReply =
  /** Each chunk is one content delta; `delayMs` pauses between SSE events (streaming only). */
  | { kind: 'text'; chunks: string[]; delayMs?: number; usage?: MockUsage }
  /** `args` is streamed in several `function.arguments` deltas; `text` (if any) streams first. */
  | { kind: 'tool-call'; name: string; args: Record<string, unknown>; id?: string; text?: string }
  /** `type`/`code` default to what OpenAI sends for the status. */
  | { kind: 'error'; status: number; message: string; type?: string; code?: string | null }
  /** Never finishes. `sendHeaders` (default false) first flushes a 200 `text/event-stream` head. */
  | { kind: 'hang'; sendHeaders?: boolean };

/** `body` is the parsed JSON (the raw text when it was not valid JSON). */
export type RecordedRequest = {
  path: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
};

export type ReplySource = MockReply | ((req: RecordedRequest) => MockReply);

export type OpenAICompatibleServer = {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:PORT/v1`. */
  url: string;
  requests: RecordedRequest[];
  /**
   * Sets the reply for the next requests. Chat completions use every kind; embeddings honour
   * only `error` and `hang` and otherwise compute real vectors with the local embedding model.
   */
  setReply(reply: ReplySource): void;
  /** Stops listening and destroys every open socket, hanging ones included. */
  close(): Promise<void>;
};

const DEFAULT_REPLY: MockReply = { kind: 'text', chunks: ['Hello', ' from', ' the', ' mock', ' server.'] };

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Roughly what OpenAI sends for each status. */
function errorDefaults(status: number): { type: string; code: string | null } {
  if (status === 401) return { type: 'invalid_request_error', code: 'invalid_api_key' };
  if (status === 404) return { type: 'invalid_request_error', code: 'model_not_found' };
  if (status === 429) return { type: 'requests', code: 'rate_limit_exceeded' };
  if (status >= 500) return { type: 'server_error', code: null };
  return { type: 'invalid_request_error', code: null };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, message: string, type?: string, code?: string | null): void {
  const defaults = errorDefaults(status);
  sendJson(res, status, {
    error: { message, type: type ?? defaults.type, param: null, code: code === undefined ? defaults.code : code },
  });
}

/** A crude but stable token estimate: whitespace-separated words. */
function countTokens(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function promptTokens(messages: unknown): number {
  if (!Array.isArray(messages)) return 0;
  let total = 0;
  for (const message of messages) {
    if (!isRecord(message)) continue;
    const { content } = message;
    if (typeof content === 'string') total += countTokens(content);
    else if (Array.isArray(content)) {
      for (const part of content) if (isRecord(part) && typeof part.text === 'string') total += countTokens(part.text);
    }
  }
  return total;
}

/** Splits a string into `parts` roughly equal, non-empty pieces (fewer when it is short). */
function splitInto(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function hang(res: ServerResponse, reply: Extract<MockReply, { kind: 'hang' }>): void {
  // Nothing more is written; the socket stays open until the client aborts or close() runs.
  if (reply.sendHeaders) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
  }
}

type ToolCallReply = Extract<MockReply, { kind: 'tool-call' }>;
type TextReply = Extract<MockReply, { kind: 'text' }>;

function completionParts(reply: TextReply | ToolCallReply) {
  const text = reply.kind === 'text' ? reply.chunks.join('') : (reply.text ?? '');
  const textChunks = reply.kind === 'text' ? reply.chunks : reply.text ? [reply.text] : [];
  const argumentsJson = reply.kind === 'tool-call' ? JSON.stringify(reply.args) : '';
  const completionTokens = countTokens(text) + countTokens(argumentsJson.replace(/[{}":,]/g, ' '));
  return { text, textChunks, argumentsJson, completionTokens };
}

async function answerChat(res: ServerResponse, body: JsonRecord, reply: MockReply, seq: number): Promise<void> {
  if (reply.kind === 'error') return sendError(res, reply.status, reply.message, reply.type, reply.code);
  if (reply.kind === 'hang') return hang(res, reply);

  const id = `chatcmpl-mock-${seq}`;
  const created = Math.floor(Date.now() / 1000);
  const model = typeof body.model === 'string' ? body.model : 'mock-model';
  const callId = reply.kind === 'tool-call' ? (reply.id ?? `call_mock_${seq}`) : '';
  const parts = completionParts(reply);
  const usageCounts = reply.kind === 'text' && reply.usage ? reply.usage : { prompt_tokens: promptTokens(body.messages), completion_tokens: parts.completionTokens };
  const usage = { ...usageCounts, total_tokens: usageCounts.prompt_tokens + usageCounts.completion_tokens };
  const finishReason = reply.kind === 'tool-call' ? 'tool_calls' : 'stop';

  if (body.stream !== true) {
    const message: JsonRecord = { role: 'assistant', content: parts.text === '' && reply.kind === 'tool-call' ? null : parts.text, refusal: null };
    if (reply.kind === 'tool-call') {
      message.tool_calls = [{ id: callId, type: 'function', function: { name: reply.name, arguments: parts.argumentsJson } }];
    }
    return sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      system_fingerprint: 'fp_mock',
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
      usage,
    });
  }

  const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
  // When usage is requested, OpenAI sends `usage: null` on every chunk before the usage chunk.
  const chunk = (choices: unknown[], extra: JsonRecord = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_mock',
    choices,
    ...(includeUsage ? { usage: null } : {}),
    ...extra,
  });
  const choice = (delta: JsonRecord, finish: string | null = null) => ({ index: 0, delta, logprobs: null, finish_reason: finish });

  // Stop writing as soon as the client goes away (abort, timeout).
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  res.on('error', () => gone.abort());
  const delayMs = reply.kind === 'text' ? (reply.delayMs ?? 0) : 0;
  let first = true;
  const write = async (data: unknown) => {
    if (!first && delayMs > 0) await sleep(delayMs, gone.signal);
    first = false;
    if (gone.signal.aborted || res.destroyed) return;
    res.write(`data: ${JSON.stringify(data)}\n\n`);
  };

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();

  const toolCallHeader = {
    index: 0,
    id: callId,
    type: 'function',
    function: { name: reply.kind === 'tool-call' ? reply.name : '', arguments: '' },
  };
  if (reply.kind === 'tool-call' && parts.textChunks.length === 0) {
    // A pure tool call: OpenAI puts the role and the call's head in the first chunk.
    await write(chunk([choice({ role: 'assistant', content: null, tool_calls: [toolCallHeader], refusal: null })]));
  } else {
    await write(chunk([choice({ role: 'assistant', content: '', refusal: null })]));
    for (const text of parts.textChunks) await write(chunk([choice({ content: text })]));
    if (reply.kind === 'tool-call') await write(chunk([choice({ tool_calls: [toolCallHeader] })]));
  }
  if (reply.kind === 'tool-call') {
    for (const piece of splitInto(parts.argumentsJson, 4)) {
      await write(chunk([choice({ tool_calls: [{ index: 0, function: { arguments: piece } }] })]));
    }
  }
  await write(chunk([choice({}, finishReason)]));
  if (includeUsage) await write(chunk([], { usage }));
  if (!gone.signal.aborted) res.end('data: [DONE]\n\n');
}

function float32Base64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

async function answerEmbeddings(res: ServerResponse, body: JsonRecord, reply: MockReply): Promise<void> {
  if (reply.kind === 'error') return sendError(res, reply.status, reply.message, reply.type, reply.code);
  if (reply.kind === 'hang') return hang(res, reply);

  const { input } = body;
  const values = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(values) || values.length === 0 || !values.every((v): v is string => typeof v === 'string')) {
    return sendError(res, 400, "'input' must be a non-empty string or array of strings (token arrays are not supported by the mock)", 'invalid_request_error', null);
  }
  const { dimensions } = body;
  if (dimensions !== undefined && dimensions !== null && !(typeof dimensions === 'number' && Number.isInteger(dimensions) && dimensions > 0)) {
    return sendError(res, 400, "'dimensions' must be a positive integer", 'invalid_request_error', null);
  }
  const model = new LocalEmbeddingModel(typeof dimensions === 'number' ? { dimensions } : {});
  const { embeddings } = await model.doEmbed({ values });
  const base64 = body.encoding_format === 'base64';
  const tokens = values.reduce((sum, value) => sum + countTokens(value), 0);
  sendJson(res, 200, {
    object: 'list',
    data: embeddings.map((embedding, index) => ({ object: 'embedding', index, embedding: base64 ? float32Base64(embedding) : embedding })),
    model: typeof body.model === 'string' ? body.model : 'mock-embedding',
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

export async function startOpenAICompatibleServer(options: { reply?: ReplySource } = {}): Promise<OpenAICompatibleServer> {
  let replySource: ReplySource = options.reply ?? DEFAULT_REPLY;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let seq = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const raw = await readBody(req);
    const isEndpoint = req.method === 'POST' && (path === '/v1/chat/completions' || path === '/v1/embeddings');

    let body: unknown = raw;
    let parsed = false;
    if (raw !== '') {
      try {
        body = JSON.parse(raw) as unknown;
        parsed = true;
      } catch {
        // Recorded as raw text; rejected below if it was meant for an endpoint.
      }
    }
    const recorded: RecordedRequest = { path, body, headers: { ...req.headers } };
    requests.push(recorded);

    if (!isEndpoint) {
      return sendError(res, 404, `Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url');
    }
    if (!parsed || !isRecord(body)) {
      return sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    }
    const reply = typeof replySource === 'function' ? replySource(recorded) : replySource;
    seq += 1;
    if (path === '/v1/embeddings') return answerEmbeddings(res, body, reply);
    if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return sendError(res, 400, "'model' (string) and 'messages' (array) are required", 'invalid_request_error', null);
    }
    return answerChat(res, body, reply, seq);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A fixture bug should fail the test loudly, not hang it.
      if (!res.headersSent) sendError(res, 500, `mock server error: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setReply(reply) {
      replySource = reply;
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive and hanging connections would otherwise keep close() (and the test) waiting.
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
