import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, in the form Stripe made familiar: the header
 * `Lantern-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`.
 * The timestamp lets a receiver refuse replays (older than a few minutes).
 */
export const SIGNATURE_HEADER = 'lantern-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, body: string, now: Date = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/** What a receiver does (and what our tests do): the signature matches and is recent. */
export function verifySignature(secret: string, body: string, header: string | null | undefined, { now = new Date(), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = {}): boolean {
  const parts = new Map((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(hmac(secret, t, body), 'hex'));
}
