import { NextResponse } from 'next/server';
import { instanceId } from '@/lib/console/jobs/instance';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/** GET /api/health/live — liveness probe: the process is up and serving requests. Touches no database. */
export const GET = instrumentRoute('/api/health/live', async () =>
  NextResponse.json({ status: 'alive', instance: instanceId(), uptimeSeconds: Math.round(process.uptime()) }, { headers: { 'cache-control': 'no-store' } }),
);
