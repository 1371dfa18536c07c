import { NextResponse } from 'next/server';
import { mayReadHealthDetails } from '@/lib/health/access';
import { readinessBody } from '@/lib/health/views';
import { route } from '@/lib/http/route';
import { checkReadiness } from '@/lib/readiness';

export const dynamic = 'force-dynamic';

/** GET /api/health/ready — readiness probe: 200 when this instance can serve, 503 otherwise (the reasons for staff and the metrics token). */
export const GET = route({ name: '/api/health/ready', access: { anyone: true } }, async ({ request }) => {
  const [readiness, detailed] = await Promise.all([checkReadiness(), mayReadHealthDetails(request, { session: true })]);
  return NextResponse.json(readinessBody(readiness, detailed), { status: readiness.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
});
