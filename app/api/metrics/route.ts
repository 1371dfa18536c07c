import { timingSafeEqual } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { checkAccess } from '@/lib/auth/guard';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { findActiveJob } from '@/lib/db/queries/jobs';
import { apiError } from '@/lib/http/errors';
import { metrics } from '@/lib/observability/metrics';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /api/metrics — this instance's metrics in Prometheus text format. Scrapers authenticate
 * with `Authorization: Bearer $METRICS_TOKEN`; staff who may read insights can open it too.
 */
export const GET = instrumentRoute('/api/metrics', async (request: NextRequest) => {
  const token = getConfig().metricsToken;
  if (!(token && bearerMatches(request.headers.get('authorization'), token))) {
    const access = await checkAccess('insights:read');
    if (!access.ok) {
      return access.reason === 'unauthenticated'
        ? apiError(401, 'unauthenticated', 'Send the metrics token as a bearer token, or sign in as staff.')
        : apiError(403, 'forbidden', 'Your role does not allow reading metrics.');
    }
  }
  const m = metrics();
  // The ingest gauge is read from the jobs table; with the database down the rest still reports.
  const ingest = await getDatabase()
    .then(({ db }) => findActiveJob(db, { kind: 'ingest' }))
    .catch(() => undefined);
  if (ingest !== undefined) {
    const progress = ingest?.progress as { done?: number; total?: number } | undefined;
    m.ingestProgress.set(ingest && progress?.total ? (progress.done ?? 0) / progress.total : 1);
  }
  return new Response(await m.registry.metrics(), { headers: { 'content-type': m.registry.contentType, 'cache-control': 'no-store' } });
});
