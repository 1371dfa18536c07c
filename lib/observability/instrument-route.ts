import { ZodError } from 'zod';
import { ApiError } from '@/lib/http/api-error';
import { apiError, zodProblems } from '@/lib/http/errors';
import { apiSecurityHeaders, isHttpsRequest } from '@/lib/http/security-headers';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { isDraining } from '@/lib/draining';
import { errorFields, log } from './logger';
import { metrics } from './metrics';
import { requestIdFrom, runInRequest } from './request-context';

/**
 * Wraps every API route handler: gives the request an id (echoed in X-Request-Id and on every
 * log line written while it is handled), sets the API security headers, counts and times it for /api/metrics, writes one access
 * line, and turns a thrown error into a JSON answer instead of an HTML 500 — an ApiError as it
 * says, a zod error as 400 naming the field, 503 with Retry-After when the database is
 * unreachable, 500 with the request id otherwise. Route handlers get it through lib/http/route.ts.
 */
export function instrumentRoute<A extends unknown[]>(route: string, handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    const request = args[0] instanceof Request ? args[0] : undefined;
    const requestId = requestIdFrom(request?.headers);
    return runInRequest({ requestId, route }, async () => {
      const m = metrics();
      const started = performance.now();
      const endTimer = m.httpDuration.startTimer({ route });
      let response: Response;
      try {
        // Requests still arriving on kept-alive connections during a shutdown go elsewhere.
        response = isDraining() && !route.startsWith('/api/health')
          ? apiError(503, 'unavailable', 'This server is restarting. Please try again.', { 'Retry-After': '1', Connection: 'close' })
          : await handler(...args);
      } catch (error) {
        response = errorResponse(error, requestId);
      }
      endTimer();
      m.httpRequests.inc({ route, status: String(response.status) });
      const fields = { method: request?.method, status: response.status, durationMs: Math.round(performance.now() - started) };
      if (response.status >= 500) log().warn(fields, 'request failed');
      else log().info(fields, 'request');
      const https = request ? isHttpsRequest(new URL(request.url), request.headers.get('x-forwarded-proto')) : false;
      return withHeaders(response, { 'x-request-id': requestId, ...apiSecurityHeaders({ https }) });
    });
  };
}

function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) return apiError(error.status, error.code, error.message, error.headers);
  if (error instanceof ZodError) return apiError(400, 'bad_request', zodProblems(error));
  if (isDatabaseUnavailable(error)) {
    log().error(errorFields(error), 'database unavailable');
    return apiError(503, 'unavailable', 'The service is briefly unavailable. Please try again in a moment.', { 'Retry-After': '5' });
  }
  log().error({ ...errorFields(error), stack: error instanceof Error ? error.stack : undefined }, 'unhandled error');
  return apiError(500, 'internal', `Something went wrong on our side. Reference: ${requestId}`);
}

function withHeaders(response: Response, extra: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a proxied fetch response): copy into a new response.
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
