import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { claimDueDeliveries, recordAttempt } from '@/lib/db/queries/webhook-deliveries';
import type { WebhookDeliveryRow } from '@/lib/db/schema';
import { log } from '@/lib/observability/logger';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

/** Attempts per event before it is given up (then it shows as failed in the console's log). */
export const MAX_ATTEMPTS = 6;
/** How long one POST may take; also how long a taken delivery is leased to this instance. */
export const REQUEST_TIMEOUT_MS = 10_000;
const LEASE_MS = REQUEST_TIMEOUT_MS * 3;

/** The wait before attempt n+1 after n failures: base × 4^(n−1) (30 s, 2 min, 8 min, 32 min, ~2 h by default). */
export function retryDelayMs(failures: number, baseMs: number): number {
  return baseMs * 4 ** Math.max(0, failures - 1);
}

type Webhook = NonNullable<Config['handoffWebhook']>;

/**
 * One pass: takes the due deliveries and POSTs each, signed; a 2xx is delivered, anything else
 * (another status, a timeout, a refused connection) is retried later with backoff, up to
 * MAX_ATTEMPTS. Every attempt is recorded. Returns how many were attempted.
 */
export async function deliverDue(db: Db, webhook: Webhook, { now = new Date(), fetchImpl = fetch }: { now?: Date; fetchImpl?: typeof fetch } = {}): Promise<number> {
  const due = await claimDueDeliveries(db, { now, leaseMs: LEASE_MS, limit: 20 });
  for (const delivery of due) await attempt(db, webhook, delivery, fetchImpl);
  return due.length;
}

async function attempt(db: Db, webhook: Webhook, delivery: WebhookDeliveryRow, fetchImpl: typeof fetch): Promise<void> {
  const body = JSON.stringify(delivery.payload);
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetchImpl(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Lantern-Webhooks/1',
        'lantern-event': delivery.type,
        'lantern-delivery': delivery.id,
        [SIGNATURE_HEADER]: signatureHeader(webhook.secret, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    statusCode = response.status;
    await response.body?.cancel().catch(() => {});
  } catch (cause) {
    error = cause instanceof Error && cause.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : describe(cause);
  }
  const ms = Math.round(performance.now() - started);
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const next = ok ? 'delivered' : delivery.attempts >= MAX_ATTEMPTS ? 'failed' : new Date(Date.now() + retryDelayMs(delivery.attempts, webhook.retryBaseMs));
  await recordAttempt(db, { delivery, statusCode, error: ok ? null : (error ?? `HTTP ${statusCode}`), ms, next });
  // Ids and outcome only: never the payload (it holds the conversation).
  if (!ok) log().warn({ deliveryId: delivery.id, type: delivery.type, attempt: delivery.attempts, statusCode, error, final: next === 'failed' }, 'webhook delivery failed');
}

function describe(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  const code = inner && typeof inner === 'object' && 'code' in inner ? String((inner as { code: unknown }).code) : null;
  const message = inner instanceof Error ? inner.message : String(inner);
  return (code ? `${code}: ` : '') + message.slice(0, 200);
}
