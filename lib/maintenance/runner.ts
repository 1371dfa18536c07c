import type { Db } from '@/lib/db/client';
import { errorFields, log } from '@/lib/observability/logger';
import { runRetention, type RetentionSettings } from './retention';
import { resolveStuckApprovalsNow } from './stuck-approvals';

/**
 * Housekeeping the job worker runs on every instance, on its sweep timer: approvals stuck in
 * 'executing' once a minute (they are only declared stuck after minutes, so this is prompt
 * enough), retention hourly and once shortly after start. Every task is idempotent and safe on
 * several instances at once. Logs carry counts only, never content.
 */

export const STUCK_APPROVALS_EVERY_MS = 60_000;
export const RETENTION_EVERY_MS = 60 * 60_000;
/** After start: let start-up (seeding, ingest) settle first. */
export const RETENTION_FIRST_AFTER_MS = 2 * 60_000;

export type MaintenanceSettings = { retention: RetentionSettings };

export type Maintenance = { tick(now?: Date): Promise<void> };

export function createMaintenance(db: Db, settings: MaintenanceSettings, startedAt: Date = new Date()): Maintenance {
  let nextStuckCheck = startedAt.getTime();
  let nextRetention = startedAt.getTime() + RETENTION_FIRST_AFTER_MS;
  return {
    async tick(now = new Date()) {
      const at = now.getTime();
      if (at >= nextStuckCheck) {
        nextStuckCheck = at + STUCK_APPROVALS_EVERY_MS;
        try {
          const resolved = await resolveStuckApprovalsNow(db, { now });
          if (resolved.executed + resolved.refused + resolved.failed > 0) log().warn({ task: 'stuck-approvals', ...resolved }, 'resolved approvals stuck in executing');
        } catch (error) {
          log().warn(errorFields(error), 'stuck-approval sweep failed');
        }
      }
      if (at >= nextRetention) {
        nextRetention = at + RETENTION_EVERY_MS;
        try {
          const purged = await runRetention(db, { settings: settings.retention, now });
          log().info({ task: 'retention', ...purged, settings: settings.retention }, 'retention purge');
        } catch (error) {
          log().warn(errorFields(error), 'retention purge failed');
        }
      }
    },
  };
}
