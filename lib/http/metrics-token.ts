import { timingSafeEqual } from 'node:crypto';
import type { Config } from '@/lib/config';

/** Whether the request carries `Authorization: Bearer $METRICS_TOKEN` (compared in constant time). */
export function hasMetricsToken(headers: Headers, config: Pick<Config, 'metricsToken'>): boolean {
  const token = config.metricsToken;
  if (!token) return false;
  const given = Buffer.from(headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
