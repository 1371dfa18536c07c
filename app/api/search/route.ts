import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/http/api-error';
import { route } from '@/lib/http/route';
import { metrics } from '@/lib/observability/metrics';
import { searchHelpCenter } from '@/lib/rag/app-search';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { searchParamsSchema } from '@/lib/rag/search-params';

export const dynamic = 'force-dynamic';

/** GET /api/search?q=…&lang=de&k=10 — public articles ranked for a query (customers' view). */
export const GET = route({ name: '/api/search', access: { anyone: true }, query: searchParamsSchema, limit: 'search' }, async ({ query }) => {
  const { q, k } = query;
  if (!q) throw new ApiError(400, 'bad_request', 'q: give a search query');
  const lang = query.lang ?? detectLanguage(q);
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
