import type { RerankingModelV4 } from '@ai-sdk/provider';
import { DEFAULT_RERANK_WEIGHTS } from '@/lib/ai/local/reranking-model';
import type { Embedder } from '@/lib/ai/models';
import type { Db } from '@/lib/db/client';
import type { Locale } from '@/lib/i18n/locales';
import { searchChunks, type SearchHit, type SearchWeights } from './search';
import { asTextLanguage } from '@/lib/ai/local/text';
import { correctSpelling } from './spelling';
import type { TermStats } from './term-stats';
import { preferSameLanguage } from './translations';
import { referredArticles } from './referred-articles';
import { publicDocumentTitles } from './title-match';
import { timeStage } from '@/lib/observability/stage-times';

/**
 * The retrieve stage: the standalone question, spelling-corrected against the corpus, searched
 * across languages with the conversation's language preferred (and in the version the dialog
 * settled on, if any); hits the reranker rates no better than its prior are not evidence of
 * anything and are dropped; passages of articles that exist in the conversation's language are
 * taken from that translation.
 */
export type Retrieval = { query: string; hits: SearchHit[] };

/** Passages that may reach the generator (twice the default maxSources, two per article). */
const PREFERRED_HEAD = 12;

/** The chosen article's passages whose pointers to other articles are followed (the ones an answer quotes). */
const REFERRING_PASSAGES = 2;

/** Passages of the titled article kept (an article's best two, as selection takes). */
const TITLED_PASSAGES = 2;

/** Whether an article is among the first hits already (where its passages would be placed). */
function upFront(found: SearchHit[], documentId: string): boolean {
  return found.slice(0, TITLED_PASSAGES + 1).some((h) => h.documentId === documentId);
}

/** The hits not among `left`. */
function withoutHits(hits: SearchHit[], left: SearchHit[]): SearchHit[] {
  const ids = new Set(left.map((h) => h.chunkId));
  return hits.filter((h) => !ids.has(h.chunkId));
}

/** The search's hits with the titled article's best passages second. */
function withTitled(found: SearchHit[], titled: SearchHit[]): SearchHit[] {
  const kept = titled.slice(0, TITLED_PASSAGES);
  const ids = new Set(kept.map((h) => h.chunkId));
  return [...found.slice(0, 1), ...kept, ...found.slice(1).filter((h) => !ids.has(h.chunkId))];
}

export async function retrieve(
  deps: { db: Db; embedder: Embedder; reranker: RerankingModelV4; termStats?: TermStats },
  {
    standalone,
    lang,
    version,
    weights,
    document,
    titled,
    thread,
  }: { standalone: string; lang: Locale; version: string | undefined; weights: SearchWeights; document?: string; titled?: string; thread?: string },
): Promise<Retrieval> {
  const textLang = asTextLanguage(lang);
  const spelling = await timeStage('spelling', () =>
    correctSpelling(deps.db, standalone, deps.termStats && textLang ? deps.termStats.vocabulary(textLang) : undefined, deps.termStats?.lexicon),
  );
  const options = { audience: 'public' as const, version, weights };
  const search = (documentIds?: string[]) => searchChunks(deps, { ...options, query: spelling.query, lang, k: 20, correctSpelling: false, documentIds });
  const evidence = (hits: SearchHit[]) => hits.filter((h) => h.score > DEFAULT_RERANK_WEIGHTS.prior);
  /** The hits, then the passages of the articles their best passages send the reader to by title. */
  async function withReferred(hits: SearchHit[]): Promise<SearchHit[]> {
    const titles = await publicDocumentTitles(deps.db);
    const referred = hits.slice(0, REFERRING_PASSAGES).flatMap((h) => referredArticles(h.content, titles, h.lang)).filter((id) => id !== document);
    if (referred.length === 0) return hits;
    return [...hits, ...withoutHits(evidence(await search([...new Set(referred)])), hits)];
  }
  // The customer chose a version of the article a clarification was about: that article answers,
  // whatever its score; the whole help center only when it has no passage at all. The articles its
  // best passages send the reader to come after it («Forgot the admin password too?» in the Wi-Fi
  // password article says a factory reset is the only way and names that article).
  const chosen = document ? await withReferred(await search([document])) : [];
  // The article a follow-up is about comes first, whatever its score, then what the search finds
  // (the article it sends the reader to, another that answers better).
  const followed = thread && chosen.length === 0 ? await search([thread]) : [];
  const open = chosen.length > 0 ? chosen : [...followed, ...withoutHits(evidence(await search()), followed)];
  // The article whose title the question states stays among the candidates, whatever the story
  // around the question made the search find first (lib/rag/title-match.ts).
  const relevant = chosen.length === 0 && titled && !upFront(open, titled) ? withTitled(open, evidence(await search([titled]))) : open;
  // The customer's language wherever the article exists in it — for the passages that can reach
  // the answer (the rest stays as found: it is only the trace).
  const head = await preferSameLanguage(deps, { hits: relevant.slice(0, PREFERRED_HEAD), lang, query: spelling.query, options });
  const placed = new Set(head.map((h) => h.chunkId));
  const hits = [...head, ...relevant.slice(PREFERRED_HEAD).filter((h) => !placed.has(h.chunkId))];
  return { query: spelling.query, hits };
}
