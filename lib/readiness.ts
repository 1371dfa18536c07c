import { getSystemStatus, type SystemStatus } from '@/lib/system-status';
import { isDraining } from '@/lib/draining';
import { warmUpRouteCode } from '@/lib/chat/warm-up';

/**
 * Readiness, for a load balancer: may this instance take traffic now? Yes when the database
 * answers within the timeout, every migration is applied, and the instance is not shutting down.
 * Liveness (/api/health/live) asks only whether the process is up: a database outage makes
 * instances unready, and restarting them would not help.
 */
export type Readiness = { ready: boolean; reasons: string[]; status: SystemStatus | null };

const TIMEOUT_MS = 3_000;

export async function checkReadiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reasons: ['shutting down'], status: null };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), TIMEOUT_MS)));
  const status = await Promise.race([getSystemStatus(), timedOut]);
  clearTimeout(timer);
  if (!status) return { ready: false, reasons: [`database did not answer within ${TIMEOUT_MS / 1000} s`], status: null };
  const reasons: string[] = [];
  if (!status.database.reachable) reasons.push('database unreachable');
  else if (status.database.migrations && status.database.migrations.pending > 0) reasons.push(`${status.database.migrations.pending} migrations pending`);
  if (reasons.length === 0) await warmUpRouteCode();
  return { ready: reasons.length === 0, reasons, status };
}
