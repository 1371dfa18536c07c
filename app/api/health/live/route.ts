import { NextResponse } from 'next/server';
import { instanceId } from '@/lib/console/jobs/instance';
import { mayReadHealthDetails } from '@/lib/health/access';
import { livenessBody } from '@/lib/health/views';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** GET /api/health/live — liveness probe: the process is up and serving requests. Touches no database (so details by metrics token only). */
export const GET = route({ name: '/api/health/live', access: { anyone: true } }, async ({ request }) => {
  const detailed = await mayReadHealthDetails(request, { session: false });
  const body = livenessBody(detailed, () => ({ instance: instanceId(), uptimeSeconds: Math.round(process.uptime()) }));
  return NextResponse.json(body, { headers: { 'cache-control': 'no-store' } });
});
