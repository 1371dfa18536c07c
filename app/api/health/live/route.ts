import { NextResponse, type NextRequest } from 'next/server';
import { instanceId } from '@/lib/console/jobs/instance';
import { mayReadHealthDetails } from '@/lib/health/access';
import { livenessBody } from '@/lib/health/views';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/** GET /api/health/live — liveness probe: the process is up and serving requests. Touches no database (so details by metrics token only). */
export const GET = instrumentRoute('/api/health/live', async (request: NextRequest) => {
  const detailed = await mayReadHealthDetails(request, { session: false });
  const body = livenessBody(detailed, () => ({ instance: instanceId(), uptimeSeconds: Math.round(process.uptime()) }));
  return NextResponse.json(body, { headers: { 'cache-control': 'no-store' } });
});
