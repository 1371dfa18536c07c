import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request a piece of server code is working for. Route handlers run inside it
 * (instrumentRoute), so every log line written on the way — in the route, the chat pipeline,
 * a database helper — carries the same request id without anyone passing it along.
 */
export type RequestContext = { requestId: string; route: string };

const KEY = Symbol.for('lantern.requestContext');
type Holder = { [KEY]?: AsyncLocalStorage<RequestContext> };

function storage(): AsyncLocalStorage<RequestContext> {
  // On globalThis: Next may load this module in several bundles; all must share one store.
  const holder = globalThis as Holder;
  holder[KEY] ??= new AsyncLocalStorage<RequestContext>();
  return holder[KEY];
}

export function currentRequest(): RequestContext | undefined {
  return storage().getStore();
}

export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage().run(context, fn);
}

// A load balancer's id is kept so one request can be followed across hops; anything else is replaced.
const INCOMING_ID = /^[\w.:-]{8,128}$/;

/** The request id: the caller's X-Request-Id when it looks like one, else a new UUID. */
export function requestIdFrom(headers: Headers | undefined): string {
  const incoming = headers?.get('x-request-id')?.trim();
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}
