import { NextResponse } from 'next/server';
import { instanceId } from '@/lib/console/jobs/instance';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** GET /api/health/live — liveness probe: the process is up and serving requests. Touches no database. */
export const GET = route({ name: '/api/health/live', access: { anyone: true } }, async () =>
  NextResponse.json({ status: 'alive', instance: instanceId(), uptimeSeconds: Math.round(process.uptime()) }, { headers: { 'cache-control': 'no-store' } }),
);
