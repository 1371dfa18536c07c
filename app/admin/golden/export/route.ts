import { toGoldenJsonl } from '@/lib/console/golden/jsonl';
import { filterOf, parseGoldenListParams } from '@/lib/console/golden/list';
import { getDatabase } from '@/lib/db';
import { listGoldenAnswersMatching } from '@/lib/db/queries/golden-answers';
import { route } from '@/lib/http/route';

/**
 * GET /admin/golden/export?q=&lang=&tag= — the golden answers the list shows with these filters
 * (all pages), as a JSONL download in the content/golden format (importable again).
 */
export const GET = route({ name: '/admin/golden/export', access: { permission: 'golden:read' } }, async ({ request }) => {
  const params = parseGoldenListParams(request.nextUrl.searchParams);
  const { db } = await getDatabase();
  const rows = await listGoldenAnswersMatching(db, { filter: filterOf(params) });
  const stamp = new Date().toISOString().slice(0, 10);
  const suffix = [params.lang, params.tag].filter(Boolean).join('-').replace(/[^a-z0-9-]/gi, '');
  return new Response(toGoldenJsonl(rows), {
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': `attachment; filename="golden-answers${suffix ? `-${suffix}` : ''}-${stamp}.jsonl"`,
      'Cache-Control': 'no-store',
      'X-Golden-Count': String(rows.length),
    },
  });
});

export const dynamic = 'force-dynamic';
