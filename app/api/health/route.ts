import { NextResponse } from 'next/server';
import { getSystemStatus } from '@/lib/system-status';
import { withMetrics } from '@/lib/observability/metrics';

export const dynamic = 'force-dynamic';

/** Public health check: database kind and reachability, migration state, model provider. */
export const GET = withMetrics('/api/health', async () => {
  const status = await getSystemStatus();
  return NextResponse.json(status, {
    status: status.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
});
