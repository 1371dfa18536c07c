import { NextResponse, type NextRequest } from 'next/server';
import { apiError } from '@/lib/http/errors';
import { metrics } from '@/lib/observability/metrics';
import { instrumentRoute } from '@/lib/observability/instrument-route';
import { searchHelpCenter } from '@/lib/rag/app-search';
import { detectLanguage } from '@/lib/rag/language';
import { searchParamsSchema } from '@/lib/rag/search-params';

export const dynamic = 'force-dynamic';

/** GET /api/search?q=…&lang=de&k=10 — public articles ranked for a query (customers' view). */
export const GET = instrumentRoute('/api/search', async (request: NextRequest) => {
  const parsed = searchParamsSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) {
    return apiError(400, 'bad_request', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const { q, k } = parsed.data;
  if (!q) return apiError(400, 'bad_request', 'q: give a search query');
  const lang = parsed.data.lang ?? detectLanguage(q);
  const { hits, ms, correctedQuery } = await searchHelpCenter({ query: q, lang, k });
  metrics().retrieval.observe(ms / 1000);
  return NextResponse.json({
    query: q,
    correctedQuery: correctedQuery ?? null,
    lang: lang ?? null,
    ms: Math.round(ms * 10) / 10,
    results: hits.map((h) => ({
      documentId: h.documentId,
      title: h.title,
      url: `/articles/${h.slug}${h.anchor ? `#${h.anchor}` : ''}`,
      headingPath: h.headingPath,
      lang: h.lang,
      version: h.version,
      score: h.score,
      ranks: h.ranks,
      content: h.content,
    })),
  });
});
