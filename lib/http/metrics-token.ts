import type { Config } from '@/lib/config';
import { hasBearerToken } from './bearer-token';

/** Whether the request carries `Authorization: Bearer $METRICS_TOKEN` (compared in constant time). */
export function hasMetricsToken(headers: Headers, config: Pick<Config, 'metricsToken'>): boolean {
  return hasBearerToken(headers, config.metricsToken);
}
