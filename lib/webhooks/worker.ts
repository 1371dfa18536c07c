import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { purgeFinishedDeliveries } from '@/lib/db/queries/webhook-deliveries';
import { errorFields, log } from '@/lib/observability/logger';
import { startPeriodic, stopPeriodic } from '@/lib/runtime/periodic';
import { deliverDue } from './dispatch';

/** How often each instance looks for due deliveries. */
export const POLL_MS = 1_000;
/** Delivered and failed events (with their transcripts) are kept this long for the console's log. */
export const KEEP_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60_000;

const TASK = 'webhook-dispatcher';

/** Starts this instance's webhook sender when a webhook is configured (every instance may run one: deliveries are leased). */
export function startWebhookDispatcher(db: Db, config: Pick<Config, 'handoffWebhook'>): void {
  stopWebhookDispatcher();
  const webhook = config.handoffWebhook;
  if (!webhook) return;
  let nextPurge = Date.now() + 60_000;
  startPeriodic(
    TASK,
    POLL_MS,
    async () => {
      await deliverDue(db, webhook);
      if (Date.now() >= nextPurge) {
        nextPurge = Date.now() + PURGE_EVERY_MS;
        const purged = await purgeFinishedDeliveries(db, { before: new Date(Date.now() - KEEP_DAYS * 86_400_000) });
        if (purged > 0) log().info({ task: 'webhook-purge', purged }, 'old webhook deliveries deleted');
      }
    },
    (error) => log().warn(errorFields(error), 'webhook dispatch failed'),
  );
}

export function stopWebhookDispatcher(): void {
  stopPeriodic(TASK);
}
