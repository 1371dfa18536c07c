import { z } from 'zod';
import { CSV_KINDS, insightsCsv } from '@/lib/console/insights/csv';
import { parseRange } from '@/lib/console/insights/range';
import { getReadDatabase } from '@/lib/db';
import { loadInsights } from '@/lib/db/queries/insights';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const kindSchema = z.enum(CSV_KINDS).default('summary');

/** GET /admin/insights/export?from=YYYY-MM-DD&to=YYYY-MM-DD&kind=summary|daily|unanswered|gaps|articles — the dashboard as CSV. */
export const GET = route({ name: '/admin/insights/export', access: { permission: 'insights:read' } }, async ({ request }) => {
  const params = Object.fromEntries(request.nextUrl.searchParams);
  const kind = kindSchema.safeParse(params.kind || undefined);
  if (!kind.success) throw new ApiError(400, 'bad_request', `kind must be one of ${CSV_KINDS.join(', ')}.`);
  const parsed = parseRange(params);
  if (parsed.problem) throw new ApiError(400, 'bad_request', parsed.problem.replace(/; showing.*$/, '.'));
  const { db } = await getReadDatabase();
  const insights = await loadInsights(db, parsed.range);
  return new Response(insightsCsv(insights, kind.data), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="lantern-insights-${kind.data}-${parsed.from}_${parsed.to}.csv"`,
      'cache-control': 'no-store',
    },
  });
});
