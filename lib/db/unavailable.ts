/**
 * Whether an error means "the database cannot be reached right now" (server down, restarting,
 * connection refused or dropped) rather than a bug or bad data. Such requests answer 503 with
 * Retry-After: the client may simply try again, and the pool reconnects on its own.
 */

// Node socket errors and postgres.js connection errors.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

// SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: shutdown, restart).
const UNAVAILABLE_SQLSTATE = /^(?:08\d{3}|57P0[1-4]|53300)$/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    // AggregateError from a connect attempt to several addresses (IPv4 and IPv6).
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
