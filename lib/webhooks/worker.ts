import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { purgeFinishedDeliveries } from '@/lib/db/queries/webhook-deliveries';
import { errorFields, log } from '@/lib/observability/logger';
import { deliverDue } from './dispatch';

/** How often each instance looks for due deliveries. */
export const POLL_MS = 1_000;
/** Delivered and failed events (with their transcripts) are kept this long for the console's log. */
export const KEEP_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60_000;

type Dispatcher = { timer: ReturnType<typeof setInterval>; running: boolean; nextPurge: number };
const holder = globalThis as typeof globalThis & { __lanternWebhookDispatcher?: Dispatcher };

/** Starts this instance's webhook sender when a webhook is configured (every instance may run one: deliveries are leased). */
export function startWebhookDispatcher(db: Db, config: Pick<Config, 'handoffWebhook'>): void {
  stopWebhookDispatcher();
  const webhook = config.handoffWebhook;
  if (!webhook) return;
  const dispatcher: Dispatcher = { running: false, nextPurge: Date.now() + 60_000, timer: setInterval(() => void tick(), POLL_MS) };
  const tick = async () => {
    if (dispatcher.running) return;
    dispatcher.running = true;
    try {
      await deliverDue(db, webhook);
      if (Date.now() >= dispatcher.nextPurge) {
        dispatcher.nextPurge = Date.now() + PURGE_EVERY_MS;
        const purged = await purgeFinishedDeliveries(db, { before: new Date(Date.now() - KEEP_DAYS * 86_400_000) });
        if (purged > 0) log().info({ task: 'webhook-purge', purged }, 'old webhook deliveries deleted');
      }
    } catch (error) {
      log().warn(errorFields(error), 'webhook dispatch failed');
    } finally {
      dispatcher.running = false;
    }
  };
  dispatcher.timer.unref?.();
  holder.__lanternWebhookDispatcher = dispatcher;
}

export function stopWebhookDispatcher(): void {
  const dispatcher = holder.__lanternWebhookDispatcher;
  if (dispatcher) clearInterval(dispatcher.timer);
  holder.__lanternWebhookDispatcher = undefined;
}
