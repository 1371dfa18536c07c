import type { ApiErrorCode } from './errors';

/**
 * An expected refusal thrown from anywhere below a route handler (not found, forbidden, …).
 * The route wrapper turns it into the JSON error answer, so handlers and services can stop
 * early without threading a Response back up.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
