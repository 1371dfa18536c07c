import { NextResponse } from 'next/server';
import { mayReadHealthDetails } from '@/lib/health/access';
import { healthBody } from '@/lib/health/views';
import { route } from '@/lib/http/route';
import { checkReadiness } from '@/lib/readiness';

export const dynamic = 'force-dynamic';

/**
 * Health check: its status code is the readiness verdict (see /api/health/ready and /live).
 * Details (database kind, migrations, model provider) for staff and the metrics token only.
 */
export const GET = route({ name: '/api/health', access: { anyone: true } }, async ({ request }) => {
  const [readiness, detailed] = await Promise.all([checkReadiness(), mayReadHealthDetails(request, { session: true })]);
  return NextResponse.json(healthBody(readiness, detailed), {
    status: readiness.ready ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
});
