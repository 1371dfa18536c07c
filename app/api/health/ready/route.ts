import { NextResponse } from 'next/server';
import { route } from '@/lib/http/route';
import { checkReadiness } from '@/lib/readiness';

export const dynamic = 'force-dynamic';

/** GET /api/health/ready — readiness probe: 200 when this instance can serve, 503 with the reasons otherwise. */
export const GET = route({ name: '/api/health/ready', access: { anyone: true } }, async () => {
  const { ready, reasons } = await checkReadiness();
  return NextResponse.json({ status: ready ? 'ready' : 'not_ready', reasons }, { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
});
