import { DEFAULT_RERANK_WEIGHTS } from '@/lib/ai/local/reranking-model';
import { createEmbedder, createReranker } from '@/lib/ai/models';
import { getConfig } from '@/lib/config';
import { getReadDatabase } from '@/lib/db';
import { searchChunks, uniqueDocuments, type SearchHit } from './search';
import { correctQuery } from './correct-query';
import { preferSameLanguage } from './translations';

/** Search as the help site runs it: the app's database and models, the configured weights. */
export async function searchHelpCenter({
  query,
  lang,
  k = 10,
  includeInternal = false,
}: {
  query: string;
  lang?: string;
  k?: number;
  includeInternal?: boolean;
}): Promise<{ hits: SearchHit[]; ms: number; correctedQuery?: string }> {
  const config = getConfig();
  // A replica when configured: search needs no read-your-writes.
  const { db } = await getReadDatabase();
  const started = performance.now();
  const spelling = await correctQuery(db, query, lang);
  const deps = { db, embedder: createEmbedder(config.model), reranker: createReranker() };
  const options = { audience: includeInternal ? ('all' as const) : ('public' as const), weights: config.search };
  const hits = await searchChunks(deps, { ...options, query: spelling.query, lang, k: 40, correctSpelling: false });
  // A passage scoring no more than the reranker gives on retrieval rank alone shares no word
  // with the query: nearest neighbours of nonsense, not results.
  const relevant = hits.filter((h) => h.score > DEFAULT_RERANK_WEIGHTS.prior);
  // Results in the UI language first: an article's version in that language instead of another's,
  // then the articles that exist only in other languages.
  const local = lang ? await preferSameLanguage(deps, { hits: relevant, lang, query: spelling.query, options }) : relevant;
  const documents = uniqueDocuments(local);
  const ordered = lang ? [...documents.filter((h) => h.lang === lang), ...documents.filter((h) => h.lang !== lang)] : documents;
  return {
    hits: ordered.slice(0, k),
    ms: performance.now() - started,
    correctedQuery: Object.keys(spelling.corrections).length > 0 ? spelling.query : undefined,
  };
}
