import 'server-only';
import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { checkAccess } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { resolveChatIdentity, type ChatIdentity } from '@/lib/chat/owner';
import { getConfig, type Config } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import type { PublicUser } from '@/lib/db/queries/users';
import { instrumentRoute } from '@/lib/observability/instrument-route';
import { ApiError } from './api-error';
import { hasBearerToken } from './bearer-token';
import { clientAddress } from './client-address';
import { zodProblems } from './errors';
import { readJsonBody } from './json-body';
import { hasMetricsToken } from './metrics-token';
import { takeRateLimit, type LimitName, type LimitSubject } from './rate-limits';

/**
 * The one wrapper every route handler goes through (a test lists app/**\/route.ts and fails on
 * one that does not). In order, it:
 *   1. validates the route params and the query string (400 naming the field);
 *   2. resolves the caller — the client address always; then, as the route asks, a staff member
 *      with a permission (or the metrics token), a signed-in customer, the chat's visitor
 *      (created on the spot where the route starts conversations), or a machine holding the
 *      route's bearer token — and refuses with 401/403 (404 for a token API that is off);
 *   3. reads the JSON body with its size cap enforced while it streams (413/415/400);
 *   4. counts the request against its rate limit (429 with Retry-After);
 *   5. runs the handler, inside instrumentRoute: request id, access log, metrics, and thrown
 *      errors mapped to JSON (ApiError as given, zod → 400, database down → 503, else 500).
 * Validation comes before counting so that a refused request stores nothing.
 */
export type Access =
  | { anyone: true }
  /** The chat's owner (session user or anonymous cookie); 'create' gives a cookie-less visitor one. */
  | { visitor: 'optional' | 'create' }
  /** A signed-in customer (any signed-in user acting on their own account); the 401 message. */
  | { customer: string }
  /** Staff with this permission; with metricsToken, the METRICS_TOKEN bearer is let in too. */
  | { permission: Permission; metricsToken?: boolean }
  /**
   * A machine with `Authorization: Bearer <token>`, the token read from the config (compared in
   * constant time); `message` is the 401's. An unset token lets nobody in: 404 with `disabled`
   * as the message when given (the API is off), else the 401.
   */
  | { bearerToken: (config: Config) => string | undefined; message: string; disabled?: string };

type CallerFor<A extends Access> = A extends { permission: Permission }
  ? { address: string; user: PublicUser | null }
  : A extends { customer: string }
    ? { address: string; visitor: ChatIdentity & { owner: { kind: 'user' } } }
    : A extends { visitor: 'create' }
      ? { address: string; visitor: ChatIdentity }
      : A extends { visitor: 'optional' }
        ? { address: string; visitor: ChatIdentity | null }
        : { address: string };

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteOptions<A extends Access, B, Q, P> = {
  /** The route's name in logs and metrics, e.g. '/api/chat/approvals/[id]'. */
  name: string;
  access: A;
  params?: P;
  query?: Q;
  body?: { schema: B; maxBytes: number };
  limit?: LimitName;
};

export type RouteContext<A extends Access, B, Q, P> = {
  request: NextRequest;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  caller: CallerFor<A>;
  config: Config;
};

type NextContext = { params?: Promise<Record<string, string | string[]>> };

export function route<A extends Access, B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
  options: RouteOptions<A, B, Q, P>,
  handler: (context: RouteContext<A, B, Q, P>) => Promise<Response>,
): (request: NextRequest, context: NextContext) => Promise<Response> {
  return instrumentRoute(options.name, async (request: NextRequest, nextContext: NextContext) => {
    const config = getConfig();
    const params = parseOrThrow(options.params, (await nextContext?.params) ?? {}, 'params');
    const query = parseOrThrow(options.query, Object.fromEntries(request.nextUrl.searchParams), 'query');
    const address = clientAddress(request.headers, { trustedProxyHops: config.trustedProxyHops });
    const { caller, subject } = await resolveCaller(options.access, { request, address, config });
    const body = options.body ? await readJsonBody(request, options.body.schema as z.ZodType, { maxBytes: options.body.maxBytes }) : undefined;
    if (options.limit) {
      const { db } = await getDatabase();
      const verdict = await takeRateLimit(db, { name: options.limit, subject, config });
      if (!verdict.ok) {
        throw new ApiError(429, 'rate_limited', 'Too many requests in a short time. Please wait a moment.', { 'Retry-After': String(verdict.retryAfterSeconds) });
      }
    }
    return handler({ request, params, query, body, caller, config } as RouteContext<A, B, Q, P>);
  });
}

function parseOrThrow<S extends z.ZodType | undefined>(schema: S, value: unknown, where: string): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const parsed = (schema as z.ZodType).safeParse(value);
  if (!parsed.success) throw new ApiError(400, 'bad_request', zodProblems(parsed.error, where));
  return parsed.data as Parsed<S>;
}

async function resolveCaller(access: Access, { request, address, config }: { request: NextRequest; address: string; config: Config }): Promise<{ caller: unknown; subject: LimitSubject }> {
  if ('bearerToken' in access) {
    const token = access.bearerToken(config);
    if (!token && access.disabled) throw new ApiError(404, 'not_found', access.disabled);
    if (!hasBearerToken(request.headers, token)) throw new ApiError(401, 'unauthenticated', access.message);
    return { caller: { address }, subject: { address } };
  }
  if ('permission' in access) {
    if (access.metricsToken && hasMetricsToken(request.headers, config)) return { caller: { address, user: null }, subject: { address } };
    const checked = await checkAccess(access.permission);
    if (!checked.ok) {
      throw checked.reason === 'unauthenticated'
        ? new ApiError(401, 'unauthenticated', access.metricsToken ? 'Send the metrics token as a bearer token, or sign in as staff.' : 'Sign in to use this API.')
        : new ApiError(403, 'forbidden', `Your role does not allow ${access.permission}.`);
    }
    return { caller: { address, user: checked.user }, subject: { address, visitor: `user:${checked.user.id}` } };
  }
  if ('customer' in access || 'visitor' in access) {
    const create = 'visitor' in access && access.visitor === 'create';
    const visitor = await resolveChatIdentity({ create, secure: request.nextUrl.protocol === 'https:', headers: request.headers });
    // Only the widget's token can fail here (a cookie-less visitor is given a cookie instead).
    if (create && !visitor) throw new ApiError(401, 'unauthenticated', 'This chat session is not valid any more. Reload the chat to start a new one.');
    if ('customer' in access && visitor?.owner.kind !== 'user') throw new ApiError(401, 'unauthenticated', access.customer);
    const subject: LimitSubject = visitor
      ? { address, visitor: visitor.owner.kind === 'user' ? `user:${visitor.owner.userId}` : `anon:${visitor.owner.anonKey}`, newVisitor: visitor.created }
      : { address };
    return { caller: { address, visitor }, subject };
  }
  return { caller: { address }, subject: { address } };
}
