import type { RerankingModelV4 } from '@ai-sdk/provider';
import { rerank } from 'ai';
import { sql, type SQL } from 'drizzle-orm';
import type { Embedder } from '@/lib/ai/models';
import { contentTerms, isStopword, tokenize } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { tsConfigFor } from './language';
import { DEFAULT_SEARCH_WEIGHTS, type SearchWeights } from './search-weights';
import { modelPredicate, typedEmbedding, vectorLiteral } from './vector-index';

export { DEFAULT_SEARCH_WEIGHTS, type SearchWeights };

/**
 * Hybrid retrieval in one SQL statement: a pgvector HNSW scan (cosine), a full-text match in the
 * query language's configuration, and one in the `simple` configuration (names, codes and words
 * shared across languages), fused by weighted reciprocal rank; then an optional rerank.
 */

export type SearchMethod = 'fts' | 'vector' | 'hybrid' | 'hybrid+rerank';

export type SearchOptions = {
  query: string;
  lang?: string;
  k?: number;
  method?: SearchMethod;
  /** Customers never see internal chunks; only staff tools pass 'all'. */
  audience?: 'public' | 'all';
  product?: string;
  version?: string;
  weights?: SearchWeights;
  /** Candidates each retriever contributes (HNSW returns at most hnsw.ef_search = 40 rows). */
  pool?: number;
};

export type SearchHit = {
  chunkId: number;
  documentId: string;
  title: string;
  slug: string;
  headingPath: string;
  anchor: string | null;
  content: string;
  lang: string;
  version: string | null;
  audience: 'public' | 'internal';
  score: number;
  ranks: { vector: number | null; fts: number | null; simple: number | null; fused: number; rerank: number | null };
};

export type SearchDeps = { db: Db; embedder: Embedder; reranker?: RerankingModelV4 };

/** The question's words, as text for to_tsvector (which stems them and drops stop words). */
function queryWords(words: string[]): string {
  return [...new Set(words)].filter((w) => /^[\p{L}\p{N}]+$/u.test(w)).join(' ');
}

// Full-text legs match on the query's rarest lexemes only (document frequency from
// lexeme_stats, i.e. IDF). A lexeme in more than weights.maxDfFraction of all chunks is treated as a
// stop word: it tells little apart (BM25 would give it almost no weight) and its posting list is
// what makes a GIN match slow. Ranking reads each matching chunk's tsvector, so only the first
// few hundred matches are ranked (fewer for the `simple` leg, which only has to catch names,
// codes and words shared across languages).
const RAREST_TERMS = 4;
const RANK_AT_MOST = { tsv: 300, tsv_simple: 150 } as const;

function textLeg(o: {
  field: 'tsv' | 'tsv_simple';
  config: string;
  text: string;
  mark: 'f' | 's';
  where: SQL;
  pool: number;
  modelId: string;
  maxDfFraction: number;
}): SQL {
  const column = sql.raw(`c.${o.field}`);
  // OR of the rarest lexemes the corpus actually has; words it lacks cannot match anyway.
  const tsquery = sql`(select coalesce(string_agg(quote_literal(word), ' | '), '')::tsquery from (
      select l.word from unnest(tsvector_to_array(to_tsvector(${o.config}::regconfig, ${o.text}))) as l(word)
      join lexeme_stats s on s.field = ${o.field} and s.word = l.word
      where s.ndoc <= greatest(20, ${o.maxDfFraction}::float8 * (select ndoc from lexeme_stats where field = ${o.field} and word = ''))
      order by s.ndoc, l.word limit ${RAREST_TERMS}) rarest)`;
  return sql`select id, row_number() over (order by rank desc, id) as r, ${o.mark} as m from (
      select m.id, ts_rank_cd(m.doc, q.q, 1) as rank
      from (select c.id, ${column} as doc from chunks c, (select ${tsquery} as q) q
            where ${column} @@ q.q and ${modelPredicate(o.modelId)} and ${o.where} limit ${RANK_AT_MOST[o.field]}) m,
           (select ${tsquery} as q) q
      order by rank desc, m.id limit ${o.pool}) t`;
}

type Row = {
  id: number; document_id: string; title: string; slug: string; heading_path: string; anchor: string | null;
  content: string; lang: string; version: string | null; audience: 'public' | 'internal';
  score: number; vector_rank: number | null; fts_rank: number | null; simple_rank: number | null;
};

export async function searchChunks(deps: SearchDeps, options: SearchOptions): Promise<SearchHit[]> {
  const method = options.method ?? 'hybrid+rerank';
  const k = options.k ?? 10;
  const pool = options.pool ?? 40;
  const w = options.weights ?? DEFAULT_SEARCH_WEIGHTS;
  const query = options.query.trim().slice(0, 2000);
  if (!query) return [];

  const filters: SQL[] = [];
  if ((options.audience ?? 'public') === 'public') filters.push(sql`c.audience = 'public'`);
  if (options.product) filters.push(sql`c.product = ${options.product}`);
  if (options.version) filters.push(sql`(c.version is null or c.version = ${options.version})`);
  const where = filters.length > 0 ? sql.join(filters, sql` and `) : sql`true`;

  const useVector = method !== 'fts';
  const useText = method !== 'vector';
  const words = tokenize(query);
  const ftsText = queryWords(words);
  const simpleText = queryWords(words.filter((word) => !isStopword(word)));
  const tsConfig = tsConfigFor(options.lang);

  const parts: SQL[] = [];
  if (useVector) {
    const [vector] = await deps.embedder.embed([query], { lang: options.lang });
    const dims = vector!.length;
    // Inner ORDER BY … LIMIT on the bare distance keeps the HNSW index; rank outside.
    parts.push(sql`select id, row_number() over (order by d) as r, 'v' as m from (
        select c.id, ${typedEmbedding(dims)} <=> ${vectorLiteral(vector!, dims)} as d
        from chunks c where ${modelPredicate(deps.embedder.id)} and ${where}
        order by ${typedEmbedding(dims)} <=> ${vectorLiteral(vector!, dims)} limit ${pool}) v`);
  }
  if (useText && ftsText) parts.push(textLeg({ field: 'tsv', config: tsConfig, text: ftsText, mark: 'f', where, pool, modelId: deps.embedder.id, maxDfFraction: w.maxDfFraction }));
  if (useText && simpleText && w.simple > 0) {
    parts.push(textLeg({ field: 'tsv_simple', config: 'simple', text: simpleText, mark: 's', where, pool, modelId: deps.embedder.id, maxDfFraction: w.maxDfFraction }));
  }
  if (parts.length === 0) return [];

  const weightOf = sql`case m when 'v' then ${w.vector}::float8 when 'f' then ${w.fts}::float8 else ${w.simple}::float8 end`;
  const rows = await queryRows<Row>(
    deps.db,
    sql`with ranked as (${sql.join(parts, sql` union all `)}),
      fused as (
        select id, sum(${weightOf} / (${w.rrfK}::float8 + r)) as score,
          min(case when m = 'v' then r end) as vector_rank,
          min(case when m = 'f' then r end) as fts_rank,
          min(case when m = 's' then r end) as simple_rank
        from ranked group by id)
      select c.id, c.document_id, c.title, d.slug, c.heading_path, c.anchor, c.content, c.lang, c.version, c.audience,
        f.score * (case when c.lang = ${options.lang ?? ''} then ${w.sameLanguageBoost}::float8 else 1 end) as score,
        f.vector_rank::int as vector_rank, f.fts_rank::int as fts_rank, f.simple_rank::int as simple_rank
      from fused f join chunks c on c.id = f.id join documents d on d.id = c.document_id
      order by score desc, c.id limit ${pool}`,
  );

  let hits: SearchHit[] = rows.map((row, i) => ({
    chunkId: row.id,
    documentId: row.document_id,
    title: row.title,
    slug: row.slug,
    headingPath: row.heading_path,
    anchor: row.anchor,
    content: row.content,
    lang: row.lang,
    version: row.version,
    audience: row.audience,
    score: Number(row.score),
    ranks: { vector: row.vector_rank, fts: row.fts_rank, simple: row.simple_rank, fused: i + 1, rerank: null },
  }));

  if (method === 'hybrid+rerank' && deps.reranker && hits.length > 1 && contentTerms(query, undefined).length > 0) {
    const top = hits[0]!.score;
    const { ranking } = await rerank({
      model: deps.reranker,
      query,
      documents: hits.map((h) => ({
        title: h.title, headingPath: h.headingPath, content: h.content, lang: h.lang, prior: top > 0 ? h.score / top : 0,
      })),
      providerOptions: options.lang ? { lantern: { lang: options.lang } } : undefined,
    });
    hits = ranking.map((r, i) => ({
      ...hits[r.originalIndex]!,
      score: r.score,
      ranks: { ...hits[r.originalIndex]!.ranks, rerank: i + 1 },
    }));
  }
  return hits.slice(0, k);
}

/** Best chunk per document, in rank order: what the search page and the evaluation rank. */
export function uniqueDocuments(hits: SearchHit[]): SearchHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.documentId) && seen.add(h.documentId));
}
