import crypto from 'node:crypto';
import { interrupt, throwIfInterrupted } from './interrupt';
import { readUIMessageStream } from './ui-stream';

/** Simulated chat visitors for the benchmarks: a cookie jar each, and one chat request read to its end. */

export const SESSION_COOKIE = 'lantern-chat';
const CHAT_TIMEOUT_MS = 120_000;

/** A visitor's cookies (the anonymous chat ownership cookie among them), as a browser keeps them. */
export class Visitor {
  private readonly cookies = new Map<string, string>();

  header(): string | undefined {
    return this.cookies.size === 0 ? undefined : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  hasSession(): boolean {
    return this.cookies.has(SESSION_COOKIE);
  }

  remember(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /;\s*max-age=0\b/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export type Chat = { ok: boolean; ttftMs: number | null; totalMs: number; outcome: string; error?: string; conversationId: string };

const reported = new Set<string>();

/** Prints each kind of failure once (the first body of each HTTP status, each stream error). */
function reportOnce(key: string, message: string) {
  if (reported.has(key)) return;
  reported.add(key);
  console.log(`\n  ! ${message}`);
}

/** One chat message over HTTP, read to the end of its stream. A new conversation unless `conversationId` is given. */
export async function chat(baseUrl: string, visitor: Visitor, text: string, conversationId: string = crypto.randomUUID()): Promise<Chat> {
  const body = {
    conversationId,
    message: { id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text }] },
  };
  const cookie = visitor.header();
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.any([AbortSignal.timeout(CHAT_TIMEOUT_MS), interrupt.signal]),
    });
    visitor.remember(response);
    if (!response.ok) {
      const errorBody = await response.text().catch(() => '');
      const totalMs = performance.now() - started;
      reportOnce(`http ${response.status}`, `HTTP ${response.status} for ${JSON.stringify(text)}: ${errorBody.slice(0, 500)}`);
      return { conversationId, ok: false, ttftMs: null, totalMs, outcome: `http ${response.status}`, error: `HTTP ${response.status}` };
    }
    const stream = await readUIMessageStream(response, started);
    const outcome = typeof stream.metadata.outcome === 'string' ? stream.metadata.outcome : 'none';
    if (stream.errors.length > 0) {
      reportOnce(`stream ${stream.errors[0]}`, `error event in the stream for ${JSON.stringify(text)}: ${stream.errors[0]}`);
      return { conversationId, ok: false, ttftMs: stream.ttftMs, totalMs: stream.totalMs, outcome, error: stream.errors[0] };
    }
    if (!stream.done) {
      reportOnce('stream cut', `the stream for ${JSON.stringify(text)} ended without [DONE]`);
      return { conversationId, ok: false, ttftMs: stream.ttftMs, totalMs: stream.totalMs, outcome, error: 'stream cut' };
    }
    return { conversationId, ok: true, ttftMs: stream.ttftMs, totalMs: stream.totalMs, outcome };
  } catch (error) {
    throwIfInterrupted();
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    reportOnce(`exception ${message}`, `request failed for ${JSON.stringify(text)}: ${message}`);
    return { conversationId, ok: false, ttftMs: null, totalMs: performance.now() - started, outcome: 'failed', error: message };
  }
}
