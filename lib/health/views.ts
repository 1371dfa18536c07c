import type { Readiness } from '@/lib/readiness';

/**
 * What the health endpoints say, by caller. Anyone (a load balancer, a stranger) learns only
 * whether the instance is up and ready; the database kind, migrations, model provider, model
 * names, the model server's origin, the host and pid, and the reasons are for staff and the
 * metrics token (lib/health/access.ts). The status code carries the verdict for probers.
 */

export type HealthBody = Record<string, unknown> & { status: string };

/** GET /api/health: ok or degraded, with the details for those allowed. */
export function healthBody({ ready, reasons, status }: Readiness, detailed: boolean): HealthBody {
  const verdict = { status: ready ? 'ok' : 'degraded', ready };
  return detailed ? { ...(status ?? {}), ...verdict, reasons } : verdict;
}

/** GET /api/health/ready: ready or not; the reasons for those allowed. */
export function readinessBody({ ready, reasons }: Readiness, detailed: boolean): HealthBody {
  const verdict = { status: ready ? 'ready' : 'not_ready' };
  return detailed ? { ...verdict, reasons } : verdict;
}

/** GET /api/health/live: alive; which instance (host:pid:suffix) and its uptime for those allowed. */
export function livenessBody(detailed: boolean, process: () => { instance: string; uptimeSeconds: number }): HealthBody {
  return detailed ? { status: 'alive', ...process() } : { status: 'alive' };
}
