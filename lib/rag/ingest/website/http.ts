import { readStreamLimited } from '@/lib/http/body';
/**
 * One page request, the crawler's way: redirects followed by hand (at most five, same origin only,
 * each target checked by the caller's `allowed`), a timeout per request (headers and body), a byte limit
 * read from the stream (never trusting Content-Length alone), and every failure returned as a
 * reason rather than thrown.
 */

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export type FetchOutcome =
  /** A 2xx answer and its body. `url` is where it came from after redirects. */
  | { kind: 'ok'; status: number; url: string; headers: Headers; body: Uint8Array }
  | { kind: 'not-modified'; url: string; headers: Headers }
  /** Any other final status (4xx, 5xx, a 3xx without Location). */
  | { kind: 'status'; status: number; url: string }
  | { kind: 'failed'; reason: string; url: string; lostLinks: boolean };

export type FetchPageOptions = {
  fetch: Fetch;
  /** The only origin requests may go to (redirects elsewhere fail as "redirected off-site"). */
  origin: string;
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Checked before the body is read: null to read it, or why not ("not an HTML page (application/pdf)"). */
  acceptContentType?: (contentType: string) => string | null;
  /** Checked for every redirect target: null when it may be requested, or why not. */
  allowed?: (url: string) => string | null;
  /** Called before every request (redirect hops included) and after it ends: the politeness gate. */
  beforeRequest?: () => Promise<void>;
  afterRequest?: () => void;
};

export const MAX_REDIRECTS = 5;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export async function fetchPage(startUrl: string, options: FetchPageOptions): Promise<FetchOutcome> {
  let url = startUrl;
  for (let hop = 0; ; hop++) {
    await options.beforeRequest?.();
    // The timeout runs per request (each redirect hop), from when it may start, not while it waits its turn.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
    const stop = () => timeout.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    const signal = timeout.signal;
    const timedOut = () => timeout.signal.aborted && !options.signal?.aborted;
    try {
      const failed = (reason: string, lostLinks = true): FetchOutcome => ({ kind: 'failed', reason, url, lostLinks });
      if (options.signal?.aborted) return failed('stopped');
      let response: Response;
      try {
        response = await options.fetch(url, {
          method: 'GET',
          redirect: 'manual',
          signal,
          headers: { 'user-agent': options.userAgent, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.5', ...options.headers },
        });
      } catch (error) {
        return failed(describeError(error, options, timedOut()));
      }

      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await discard(response);
        const location = response.headers.get('location');
        if (!location) return { kind: 'status', status: response.status, url };
        let target: URL;
        try {
          target = new URL(location, url);
        } catch {
          return failed(`redirected to an invalid URL`);
        }
        target.hash = '';
        if (target.protocol !== 'http:' && target.protocol !== 'https:') return failed(`redirected to a non-web URL (${target.protocol})`);
        if (target.origin !== options.origin) return failed(`redirected off-site (to ${target.origin})`);
        if (hop + 1 > MAX_REDIRECTS) return failed(`too many redirects (more than ${MAX_REDIRECTS})`);
        const refusal = options.allowed?.(target.href);
        if (refusal) return failed(`redirected to ${target.pathname}, which ${refusal}`);
        url = target.href;
        continue;
      }
      if (response.status === 304) {
        await discard(response);
        return { kind: 'not-modified', url, headers: response.headers };
      }
      if (response.status < 200 || response.status >= 300) {
        await discard(response);
        return { kind: 'status', status: response.status, url };
      }

      const contentType = response.headers.get('content-type') ?? '';
      const refusal = options.acceptContentType?.(contentType);
      if (refusal) {
        await discard(response);
        return failed(refusal, false);
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        await discard(response);
        return failed(tooLarge(options.maxBytes));
      }
      try {
        const body = await readStreamLimited(response.body, options.maxBytes);
        if (!body) return failed(tooLarge(options.maxBytes));
        return { kind: 'ok', status: response.status, url, headers: response.headers, body };
      } catch (error) {
        return failed(describeError(error, options, timedOut()));
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      options.afterRequest?.();
    }
  }
}

function tooLarge(maxBytes: number): string {
  return `too large (more than ${formatBytes(maxBytes)})`;
}

function describeError(error: unknown, options: FetchPageOptions, timedOut: boolean): string {
  if (options.signal?.aborted) return 'stopped';
  if (timedOut) return `timed out after ${options.timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return `network error (${detail})`;
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Already closed or errored: nothing to free.
  }
}

/**
 * The text of a body: in the charset its Content-Type names, else the one a <meta charset> (or
 * http-equiv Content-Type) in its first 1024 bytes names, else UTF-8. Unknown labels fall back to UTF-8.
 */
export function decodeBody(body: Uint8Array, contentType: string | null): string {
  const charset = charsetIn(contentType ?? '') ?? sniffMetaCharset(body);
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** The value after "charset=" in a header or attribute value, or null. */
function charsetIn(text: string): string | null {
  const at = text.toLowerCase().indexOf('charset');
  if (at < 0) return null;
  let i = at + 'charset'.length;
  while (text[i] === ' ') i++;
  if (text[i] !== '=') return null;
  i++;
  while (text[i] === ' ' || text[i] === '"' || text[i] === "'") i++;
  let end = i;
  while (end < text.length && /[\w.:-]/.test(text[end]!)) end++;
  return end > i ? text.slice(i, end) : null;
}

function sniffMetaCharset(body: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(body.subarray(0, 1024));
  const lower = head.toLowerCase();
  for (let at = lower.indexOf('<meta'); at >= 0; at = lower.indexOf('<meta', at + 5)) {
    const end = lower.indexOf('>', at);
    const charset = charsetIn(head.slice(at, end < 0 ? undefined : end));
    if (charset) return charset;
  }
  return null;
}
