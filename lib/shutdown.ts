import { stopJobWorker } from '@/lib/console/jobs/worker';
import { stopWebhookDispatcher } from '@/lib/webhooks/worker';
import { stopSourceScheduler } from '@/lib/console/knowledge/source-schedule';
import { stopLocalJobs } from '@/lib/console/jobs/runner';
import { errorFields, log } from '@/lib/observability/logger';
import { beginDraining, drainingForMs, endGracePeriod } from '@/lib/draining';

/**
 * Graceful shutdown on SIGTERM/SIGINT. Next's own handler stops accepting connections, waits for
 * the requests in flight (chat streams included) and then exits. Alongside it this module:
 *  - marks the instance draining: readiness answers 503 and new API requests on kept-alive
 *    connections get a 503 (the load balancer retries them elsewhere);
 *  - cuts chat answers still running after the grace period, so they end with a clear message
 *    instead of being killed mid-sentence by the orchestrator;
 *  - stops the job sweeper and releases running jobs with their progress as the checkpoint;
 *  - holds Next's process.exit until the jobs are released and the database is closed.
 */

export function installShutdownHandlers({ graceMs, closeDatabase }: { graceMs: number; closeDatabase: () => Promise<void> }): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (!beginDraining()) return;
    log().info({ signal, graceMs }, 'shutting down: draining requests, releasing jobs');
    const grace = setTimeout(endGracePeriod, graceMs);
    grace.unref();
    stopJobWorker();
    stopWebhookDispatcher();
    stopSourceScheduler();
    const released = stopLocalJobs({ timeoutMs: Math.min(graceMs, 10_000) });
    holdExitUntil(released, closeDatabase);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/**
 * Next calls process.exit once its server has closed, i.e. after the last request in flight
 * has ended. Only then may the database close; and the jobs' release must be written first.
 * The exit waits for both (at most 15 s, then exits anyway).
 */
function holdExitUntil(released: Promise<void>, closeDatabase: () => Promise<void>): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number) => {
    const cleanup = released.then(closeDatabase).catch((error: unknown) => log().warn(errorFields(error), 'shutdown cleanup failed'));
    void Promise.race([cleanup, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]).then(() => {
      log().info({ code, ms: drainingForMs() }, 'shut down');
      exit(code);
    });
  }) as typeof process.exit;
}
