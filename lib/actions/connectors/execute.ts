import type { Outcome, Refusal, RefusalReason } from '@/lib/domain/account-tools';
import type { Locale } from '@/lib/i18n/locales';
import { refusalSentence } from '@/lib/actions/phrasing/refusals';
import { envReferences, normalizeOrigin, type ConnectorInputSchema, type HttpConnector, type HttpMethod, type Localized } from './definition';
import { identityHeaders, isSignableCustomerId } from './identity';
import { resolveJsonPointer } from './json-pointer';
import { expandUrl } from './url-template';
import { readStreamLimited } from '@/lib/http/body';

/**
 * Runs one connector call for the signed-in customer: the input checked against the tool's
 * schema, the request built from the definition, signed for the customer of the session
 * (identity.ts), sent under one deadline (`timeoutMs`, retries included, combined with the
 * caller's signal), a read retried on network errors, 408, 429 and 5xx with a short backoff, a
 * write sent at most once. Redirects are not followed. A 2xx answer gives the mapped fields
 * (JSON only, at most `maxResponseBytes`); anything else is a Refusal whose message is the
 * customer's sentence in `lang`: the definition's own for a mapped error, else the reason's
 * standard one (lib/actions/phrasing/refusals.ts). Nothing is thrown for what the remote system
 * or the input does; nothing secret (header values, the secret, the signature) reaches a
 * refusal or the log.
 *
 * This runs what it is given: a write only after the customer approved it and the verifier
 * passed is the caller's part (the approval flow), as is recording it in the audit log.
 */

export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024;
const MAX_ERROR_BODY_BYTES = 16 * 1024;
/** A Retry-After longer than this ends the retries: the chat cannot wait for it. */
const MAX_RETRY_AFTER_MS = 2_000;
const USER_AGENT = 'Lantern-Connector/1';

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** One line per request (or per call stopped before a request): for traces and operators. */
export type ConnectorLogEntry = {
  connector: string;
  /** 1 for the first request; 0 when the call ended before any request was sent. */
  attempt: number;
  method: HttpMethod;
  /** Origin and path, without the query; null before the URL was built. */
  url: string | null;
  status: number | null;
  /** What went wrong, or null; never a header value, the secret or the signature. */
  problem: string | null;
  /** Whether another attempt follows. */
  retrying: boolean;
  durationMs: number;
};

export type ExecuteContext = {
  /** The signed-in customer, from the session: the only customer a request is ever for. */
  customerId: string;
  /** The connector's signing secret (identity.ts). */
  secret: string;
  /** Origins requests may go to, besides the definition's own allowedOrigins. */
  allowedOrigins: readonly string[];
  /** The customer's language for the refusal's message; default 'en'. */
  lang?: Locale;
  /** Where "${ENV:NAME}" header references are read from (the caller passes its config's). */
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: Fetch;
  /** The signature's time; default the clock. */
  now?: Date;
  signal?: AbortSignal;
  /** For a write: sent as Idempotency-Key (e.g. the approval id), so the API can ignore a repeat. */
  idempotencyKey?: string;
  maxResponseBytes?: number;
  log?: (entry: ConnectorLogEntry) => void;
};

export type ConnectorResult = Outcome<Record<string, unknown>>;

/** The refusal for a reason, with the customer's sentence in their language. */
export function connectorRefusal(reason: RefusalReason, lang: Locale, message?: Localized | null): Refusal {
  return { ok: false, reason, message: message?.[lang] ?? refusalSentence(reason, lang) ?? refusalSentence(reason, 'en') ?? reason };
}

export async function executeHttpConnector<I extends ConnectorInputSchema>(connector: HttpConnector<I>, input: unknown, ctx: ExecuteContext): Promise<ConnectorResult> {
  const lang = ctx.lang ?? 'en';
  const { method } = connector.http;
  let logUrl: string | null = null;
  let started = Date.now();
  const note = (attempt: number, status: number | null, problem: string | null, retrying = false) =>
    ctx.log?.({ connector: connector.name, attempt, method, url: logUrl, status, problem, retrying, durationMs: Date.now() - started });
  const stop = (reason: RefusalReason, problem: string, attempt = 0, status: number | null = null): Refusal => {
    note(attempt, status, problem);
    return connectorRefusal(reason, lang);
  };

  // 1. Input, customer, secret.
  const parsed = connector.input.safeParse(input);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || (i.code === 'unrecognized_keys' ? i.keys.join(', ') : 'input')))];
    return stop('invalid_input', `invalid input (${fields.join(', ')})`);
  }
  if (!isSignableCustomerId(ctx.customerId)) return stop('not_a_customer', 'no usable customer id');
  if (!ctx.secret) return stop('unavailable', 'no signing secret configured');
  const values = parsed.data as Record<string, unknown>;

  // 2. The request.
  const expanded = expandUrl(connector.http.url, values, connector.http.query);
  if (!expanded.ok) return stop('invalid_input', `input field ${expanded.field}: ${expanded.problem}`);
  const url = expanded.url;
  logUrl = `${url.origin}${url.pathname}`;
  const allowed = [...connector.allowedOrigins, ...ctx.allowedOrigins.map(normalizeOrigin)];
  if (!allowed.includes(url.origin)) return stop('unavailable', `origin ${url.origin} is not in the allowed origins`);

  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
  for (const [name, template] of Object.entries(connector.http.headers)) {
    for (const variable of envReferences(template)) {
      const value = ctx.env?.[variable];
      if (value === undefined || value === '') return stop('unavailable', `header ${name}: environment variable ${variable} is not set`);
      if (/[\r\n\0]/.test(value)) return stop('unavailable', `header ${name}: environment variable ${variable} holds a line break`);
    }
    headers[name] = template.replace(/\$\{ENV:([A-Za-z_]\w*)\}/g, (_, variable: string) => ctx.env?.[variable] ?? '');
  }
  const body = requestBody(connector.http.body, values);
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (connector.risk === 'write' && ctx.idempotencyKey) headers['idempotency-key'] = ctx.idempotencyKey;

  // 3. Send: one deadline for the whole call; reads retry, writes never.
  const deadline = AbortSignal.timeout(connector.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([deadline, ctx.signal]) : deadline;
  const send = ctx.fetch ?? fetch;
  const attempts = connector.risk === 'read' ? 1 + connector.retries : 1;
  const failure = (error: unknown): string => {
    if (ctx.signal?.aborted) return 'stopped by the caller';
    if (deadline.aborted) return `timed out after ${connector.timeoutMs} ms`;
    // The error's message is left out: fetch quotes header values in some of its errors.
    const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
    return `network error (${typeof cause?.code === 'string' ? cause.code : ((error as Error | null)?.name ?? 'unknown')})`;
  };

  for (let attempt = 1; ; attempt++) {
    started = Date.now();
    if (signal.aborted) return stop('unavailable', failure(signal.reason), attempt - 1);
    const identity = identityHeaders(ctx.secret, { customerId: ctx.customerId, method, pathWithQuery: `${url.pathname}${url.search}`, body }, ctx.now ?? new Date());
    let response: Response;
    try {
      response = await send(url.href, { method, headers: { ...headers, ...identity }, body, redirect: 'manual', signal, cache: 'no-store' });
    } catch (error) {
      const problem = failure(error);
      if (attempt < attempts && !signal.aborted) {
        note(attempt, null, problem, true);
        if (await pause(backoff(attempt), signal)) continue;
        return stop('unavailable', failure(signal.reason), attempt);
      }
      return stop('unavailable', problem, attempt);
    }

    const { status } = response;
    if (status >= 200 && status < 300) {
      try {
        const mapped = await readSuccess(connector.http.responseMap, response, ctx.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
        if (!mapped.ok) return stop('unavailable', mapped.problem, attempt, status);
        note(attempt, status, null);
        return { ok: true, value: mapped.value };
      } catch (error) {
        return stop('unavailable', `reading the answer: ${failure(error)}`, attempt, status);
      }
    }

    const transient = status === 408 || status === 429 || status >= 500;
    const wait = transient && attempt < attempts ? retryWait(response, attempt) : null;
    if (wait !== null) {
      await discard(response);
      note(attempt, status, `HTTP ${status}`, true);
      if (await pause(wait, signal)) continue;
      return stop('unavailable', failure(signal.reason), attempt, status);
    }

    let code: string | null = null;
    try {
      code = errorCode(await readStreamLimited(response.body, MAX_ERROR_BODY_BYTES), connector.http.codePointer);
    } catch {
      // An unreadable error body has no code; the status still decides.
    }
    const problem = `HTTP ${status}${code === null ? '' : ` (${code.slice(0, 100)})`}`;
    const rule = connector.http.errors.find((r) => r.statuses.includes(status) && (r.code === null || r.code === code));
    note(attempt, status, problem);
    if (rule) return connectorRefusal(rule.reason, lang, rule.message);
    if (status === 404 || status === 410) return connectorRefusal('not_found', lang);
    if (status >= 400 && status < 500 && !transient) return connectorRefusal('request_refused', lang);
    return connectorRefusal('unavailable', lang);
  }
}

/** The body as sent: the input as JSON, the mapped fields (those with a value), or none. */
function requestBody(spec: HttpConnector['http']['body'], values: Record<string, unknown>): string | undefined {
  if (spec === null) return undefined;
  if (spec === 'json') return JSON.stringify(values);
  return JSON.stringify(Object.fromEntries(Object.entries(spec).flatMap(([bodyField, inputField]) => (values[inputField] === undefined ? [] : [[bodyField, values[inputField]]]))));
}

function backoff(attempt: number): number {
  return Math.min(1_000, 100 * 2 ** (attempt - 1)) + Math.floor(Math.random() * 50);
}

/** How long to wait before the next attempt, or null when the server asks for longer than the chat can wait. */
function retryWait(response: Response, attempt: number): number | null {
  const header = response.headers.get('retry-after');
  const seconds = header !== null && /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) : null;
  if (seconds !== null && seconds * 1000 > MAX_RETRY_AFTER_MS) return null;
  return Math.max(backoff(attempt), (seconds ?? 0) * 1000);
}

/** Waits, unless the signal ends first: true when the wait ran its course. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', done);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

type Mapped = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string };

async function readSuccess(map: HttpConnector['http']['responseMap'], response: Response, maxBytes: number): Promise<Mapped> {
  if (map === null) {
    await discard(response);
    return { ok: true, value: {} };
  }
  let document: unknown = null;
  if (response.status !== 204 && response.status !== 205) {
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && !type.endsWith('+json')) {
      await discard(response);
      return { ok: false, problem: `the answer is not JSON (${type || 'no content type'})` };
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await discard(response);
      return { ok: false, problem: `the answer is too large (more than ${maxBytes} bytes)` };
    }
    const bytes = await readStreamLimited(response.body, maxBytes);
    if (bytes === null) return { ok: false, problem: `the answer is too large (more than ${maxBytes} bytes)` };
    try {
      document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      return { ok: false, problem: 'the answer is not valid JSON' };
    }
  }
  // Object.fromEntries defines own properties: an output named "__proto__" stays a plain field.
  return { ok: true, value: Object.fromEntries(Object.entries(map).map(([field, pointer]) => [field, resolveJsonPointer(document, pointer) ?? null])) };
}

/** The code at `pointer` in an error body that is JSON, as text; else null. */
function errorCode(bytes: Uint8Array | null, pointer: string): string | null {
  if (!bytes || bytes.byteLength === 0) return null;
  try {
    const value = resolveJsonPointer(JSON.parse(new TextDecoder().decode(bytes)), pointer);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  } catch {
    return null;
  }
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Already closed or errored: nothing to free.
  }
}

