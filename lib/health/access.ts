import 'server-only';
import { checkAccess } from '@/lib/auth/guard';
import { getConfig } from '@/lib/config';
import { hasMetricsToken } from '@/lib/http/metrics-token';

/**
 * May this caller see health details? With the metrics token (what Prometheus and an operator's
 * scripts hold), or, where `session` is allowed, a staff session that may read insights. The
 * session check reads the database, so the liveness probe (which must not) passes session: false.
 * A failing check means no details, never an error: health must answer.
 */
export async function mayReadHealthDetails(request: Request, { session }: { session: boolean }): Promise<boolean> {
  if (hasMetricsToken(request.headers, getConfig())) return true;
  if (!session) return false;
  return checkAccess('insights:read').then(
    (access) => access.ok,
    () => false,
  );
}
