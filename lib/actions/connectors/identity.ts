import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who the request is for: Lantern adds the signed-in customer's identity to every connector
 * request itself, never from the model's arguments.
 *
 *   Lantern-Customer: <customerId>
 *   Lantern-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.customerId.method.pathWithQuery.bodySha256")>
 *
 * `method` is upper case, `pathWithQuery` is the request target as sent ("/orders/A-1?x=1", what
 * Node's `req.url` holds), and `bodySha256` is the hex SHA-256 of the body's bytes (of no bytes
 * when there is no body). The secret is per connector and shared with the company's API only.
 * The company's API checks a request with `verifyIdentitySignature` (or the same five lines in its
 * own language) and acts on the customer of the header only.
 */

export const CUSTOMER_HEADER = 'Lantern-Customer';
export const SIGNATURE_HEADER = 'Lantern-Signature';

/** How old a signature may be when it is checked, by default: five minutes (either way, for clock skew). */
export const DEFAULT_SIGNATURE_MAX_AGE_SECONDS = 300;

const CUSTOMER_ID_NAMES = new Set(['customer', 'customerid', 'customerno', 'customernr', 'customernumber', 'customerref', 'customerreference']);

/**
 * Whether a field name names the customer ("customerId", "customer_id", "Customer-Number", …).
 * Such fields are a definition error: the customer is never an argument the model could fill in.
 */
export function isCustomerIdLike(name: string): boolean {
  return CUSTOMER_ID_NAMES.has(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/**
 * Whether a customer id can be sent and signed: 1–200 visible ASCII characters, and no "./"
 * (the signed string joins its parts with "." and a path starts with "/", so an id without "./"
 * can only be read back one way).
 */
export function isSignableCustomerId(customerId: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(customerId) && !customerId.includes('./');
}

export type SignedRequest = {
  customerId: string;
  method: string;
  /** The request target: path and query, as sent ("/orders/A-1?lang=de"). */
  pathWithQuery: string;
  /** The body's bytes as sent; undefined or empty when there is none. */
  body?: string | Uint8Array;
};

export function bodySha256(body: string | Uint8Array | undefined): string {
  return createHash('sha256')
    .update(body ?? '')
    .digest('hex');
}

/** "t.customerId.METHOD.pathWithQuery.bodySha256": the string the signature is the HMAC of. */
export function signaturePayload(timestamp: number, request: SignedRequest): string {
  return `${timestamp}.${request.customerId}.${request.method.toUpperCase()}.${request.pathWithQuery}.${bodySha256(request.body)}`;
}

function hmac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/**
 * The target an MCP tool call's signature covers (mcp.ts), in place of a request's path: the
 * tool's name, so a signature for one tool cannot be replayed on another.
 */
export function mcpSignedTarget(toolName: string): string {
  return `mcp:tools/call/${toolName}`;
}

/** The two identity headers for one request, signed now. */
export function identityHeaders(secret: string, request: SignedRequest, now: Date = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    [CUSTOMER_HEADER]: request.customerId,
    [SIGNATURE_HEADER]: `t=${timestamp},v1=${hmac(secret, signaturePayload(timestamp, request))}`,
  };
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

export type VerifyOptions = SignedRequest & {
  /** The Lantern-Signature header's value. */
  signature: string | null | undefined;
  /** The connector's secret; several while one is being rotated (any may match). */
  secret: string | readonly string[];
  now?: Date;
  /** Default DEFAULT_SIGNATURE_MAX_AGE_SECONDS; also how far in the future a timestamp may be. */
  maxAgeSeconds?: number;
};

/**
 * For the company's API (and the tests): whether a request really comes from Lantern for this
 * customer, for this method, target and body, and recently. Compares in constant time.
 */
export function verifyIdentitySignature(options: VerifyOptions): SignatureCheck {
  const { signature } = options;
  if (!signature) return { ok: false, reason: 'missing' };
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of signature.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return { ok: false, reason: 'malformed' };
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return { ok: false, reason: 'malformed' };
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return { ok: false, reason: 'malformed' };
      candidates.push(value);
    }
    // Other keys (a later scheme) are ignored, as Stripe-style signatures do.
  }
  if (timestamp === null || candidates.length === 0) return { ok: false, reason: 'malformed' };

  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const maxAge = options.maxAgeSeconds ?? DEFAULT_SIGNATURE_MAX_AGE_SECONDS;
  if (Math.abs(now - timestamp) > maxAge) return { ok: false, reason: 'expired' };

  const payload = signaturePayload(timestamp, options);
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  for (const secret of secrets) {
    if (!secret) continue;
    const expected = Buffer.from(hmac(secret, payload), 'hex');
    for (const candidate of candidates) {
      if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) return { ok: true, timestamp };
    }
  }
  return { ok: false, reason: 'mismatch' };
}
