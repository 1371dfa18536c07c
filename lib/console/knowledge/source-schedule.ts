import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { errorFields, log } from '@/lib/observability/logger';
import { startPeriodic, stopPeriodic } from '@/lib/runtime/periodic';
import { startWebsiteIngestJob } from './ingest-job';
import { claimDueSource, postponeSource } from './website-sources';

/** A due crawl refused because another ingest runs is tried again this much later. */
export const RETRY_BUSY_MS = 5 * 60_000;

/**
 * Starts the crawls that are due, one ingest job each: every instance polls, and each due source
 * is claimed by exactly one (claimDueSource). The job itself runs like one started from the
 * console, and shows in its jobs table.
 */
export async function startDueSourceCrawls(db: Db, config: Config, { now = new Date() }: { now?: Date } = {}): Promise<{ started: number[]; postponed: number[] }> {
  const started: number[] = [];
  const postponed: number[] = [];
  for (;;) {
    const source = await claimDueSource(db, { now });
    if (!source) break;
    const result = await startWebsiteIngestJob(db, { config, userId: null, websiteSourceId: source.id });
    if (result.ok) {
      started.push(source.id);
    } else {
      // Only one ingest runs at a time; this source's turn comes once that one is over.
      await postponeSource(db, { id: source.id, until: new Date(now.getTime() + RETRY_BUSY_MS) });
      postponed.push(source.id);
    }
  }
  return { started, postponed };
}

const TASK = 'source-schedule';

/** Every SOURCE_SCHEDULE_POLL_SECONDS (30 s by default) each instance looks for website sources whose crawl is due. */
export function startSourceScheduler(db: Db, config: Config): void {
  startPeriodic(
    TASK,
    config.jobs.sourceSchedulePollMs,
    async () => {
      const { started, postponed } = await startDueSourceCrawls(db, config);
      if (started.length > 0 || postponed.length > 0) log().info({ task: 'source-schedule', started, postponed }, 'scheduled website crawls');
    },
    (error) => log().warn(errorFields(error), 'scheduled website crawls failed'),
  );
}

export function stopSourceScheduler(): void {
  stopPeriodic(TASK);
}
