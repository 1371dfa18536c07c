import { getDatabase } from '@/lib/db';
import { findActiveJob } from '@/lib/db/queries/jobs';
import { route } from '@/lib/http/route';
import { metrics } from '@/lib/observability/metrics';

export const dynamic = 'force-dynamic';

/**
 * GET /api/metrics — this instance's metrics in Prometheus text format. Scrapers authenticate
 * with `Authorization: Bearer $METRICS_TOKEN`; staff who may read insights can open it too.
 */
export const GET = route({ name: '/api/metrics', access: { permission: 'insights:read', metricsToken: true } }, async () => {
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
