import { NextResponse } from 'next/server';
import { route } from '@/lib/http/route';
import { checkReadiness } from '@/lib/readiness';

export const dynamic = 'force-dynamic';

/**
 * Public health check with details: database kind and reachability, migration state, model
 * provider. Its status code is the readiness verdict (see /api/health/ready and /live).
 */
export const GET = route({ name: '/api/health', access: { anyone: true } }, async () => {
  const { ready, reasons, status } = await checkReadiness();
  return NextResponse.json({ ...(status ?? {}), status: ready ? 'ok' : 'degraded', reasons }, {
    status: ready ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
});
