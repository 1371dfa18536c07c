import type { RerankingModelV4 } from '@ai-sdk/provider';
import { rerank } from 'ai';
import { sql, type SQL } from 'drizzle-orm';
import type { Embedder } from '@/lib/ai/models';
import { cueWords, wantedAnswerKinds } from '@/lib/ai/local/answer-kind';
import { asTextLanguage, contentTerms, fold, isStopword, wordsKeepingNumbers } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { tsConfigFor } from '@/lib/i18n/detect-language';
import { correctQuery } from './correct-query';
import { loadTermStats } from './term-stats';
import { documentPassageRows, passageRowsById, type PassageRow } from './passage-rows';
import { widenQuestion } from './widen-question';
import { DEFAULT_SEARCH_WEIGHTS, type SearchWeights } from './search-weights';
import { modelPredicate, typedEmbedding, vectorLiteral } from './vector-index';
import { timeStage } from '@/lib/observability/stage-times';

export { DEFAULT_SEARCH_WEIGHTS, type SearchWeights };

/**
 * Hybrid retrieval: a pgvector HNSW scan (cosine), a full-text match in the query language's
 * configuration, and one in the `simple` configuration (names, codes and words shared across
 * languages) run as parallel queries, fused by weighted reciprocal rank, then reranked.
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
  /** Only passages of these documents (e.g. the translations of what was found). */
  documentIds?: string[];
  weights?: SearchWeights;
  /** Candidates each retriever contributes (HNSW returns at most hnsw.ef_search rows: 100, lib/db/client.ts). */
  pool?: number;
  /** Correct misspelt words against the corpus vocabulary first (default: yes). */
  correctSpelling?: boolean;
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
  /** The passage's place in its article: 1 = the opening. */
  section?: number;
  /** The article's translation group (front matter translation_of): the same article in other languages shares it. */
  translationOf?: string | null;
  /** A website source's page: its address there. */
  sourceUrl?: string | null;
};

export type SearchDeps = { db: Db; embedder: Embedder; reranker?: RerankingModelV4 };

/** The question's words, as text for to_tsvector (which stems them and drops stop words). */
function queryWords(words: string[]): string {
  return [...new Set(words)].filter((w) => /^[\p{L}\p{N}]+$/u.test(w) || DOTTED_NUMBER.test(w)).join(' ');
}

/**
 * "5.4.1", "192.168.0.1": the text search parser keeps a dotted number whole (a version, a host)
 * in the articles' lexemes, so the question's must stay whole too; split into "5", "4", "1" it
 * matched nothing and the firmware table's row was never found by its version.
 */
const DOTTED_NUMBER = /^\p{N}+(?:\.\p{N}+)+$/u;

// Full-text legs match on the query's rarest lexemes only (document frequency from
// lexeme_stats, i.e. IDF). A lexeme in more than weights.maxDfFraction of all chunks, or in more
// than weights.maxDfChunks of them, is treated as a stop word: it tells little apart (BM25 would
// give it almost no weight) and its posting list is what makes a GIN match slow. Ranking reads
// each matching chunk's tsvector, so only a few hundred matches are ranked, those with the most
// of the lexemes (fewer for the `simple` leg, which only has to catch names, codes and words
// shared across languages).
const RAREST_TERMS = 4;
const RANK_AT_MOST = { tsv: 300, tsv_simple: 150 } as const;

type TextField = 'tsv' | 'tsv_simple';

/** The question's rarest lexemes that the corpus has, rarest first, each as tsquery text ('roaming'). */
function rarestLexemes(o: { field: TextField; config: string; text: string; maxDfFraction: number; maxDfChunks: number }): SQL {
  return sql`(select coalesce(json_agg(quote_literal(word) order by ndoc, word), '[]'::json) from (
      select l.word, s.ndoc from unnest(tsvector_to_array(to_tsvector(${o.config}::regconfig, ${o.text}))) as l(word)
      join lexeme_stats s on s.field = ${o.field} and s.word = l.word
      where s.ndoc <= greatest(20, least(${o.maxDfChunks}::float8, ${o.maxDfFraction}::float8 * (select ndoc from lexeme_stats where field = ${o.field} and word = '')))
      order by s.ndoc, l.word limit ${RAREST_TERMS}) rarest)`;
}

/**
 * One text leg, for lexemes already chosen, OR-ed. They arrive as values, not as a subquery, so
 * the planner sees which lexemes it matches and uses the GIN index when they are rare (with a
 * subquery it cannot tell, guesses, and reads every chunk's tsvector). Ranking reads each
 * candidate's positions, the costly part: only the candidates that contain the most of the
 * lexemes are ranked (a containment test per lexeme is cheap), ties by id, so the same corpus
 * always ranks the same candidates.
 */
function textLeg(o: { field: TextField; lexemes: string[]; where: SQL; pool: number; modelId: string }): SQL {
  const column = sql.raw(`c.${o.field}`);
  const tsquery = o.lexemes.join(' | ');
  const matched = sql.join(o.lexemes.map((lexeme) => sql`(${column} @@ ${lexeme}::tsquery)::int`), sql` + `);
  return sql`select id, lang from (
      select m.id, m.lang, ts_rank_cd(m.doc, ${tsquery}::tsquery, 1) as rank
      from (select c.id, c.lang, ${column} as doc from chunks c
            where ${column} @@ ${tsquery}::tsquery and ${modelPredicate(o.modelId)} and ${o.where}
            order by ${matched} desc, c.id limit ${RANK_AT_MOST[o.field]}) m
      order by rank desc, m.id limit ${o.pool}) t order by rank desc, id`;
}

const NO_RANKS: SearchHit['ranks'] = { vector: null, fts: null, simple: null, fused: 0, rerank: null };

function hitFromRow(row: PassageRow, score: number, ranks: SearchHit['ranks']): SearchHit {
  return {
    chunkId: row.id, documentId: row.document_id, title: row.title, slug: row.slug, headingPath: row.heading_path, anchor: row.anchor,
    content: row.content, lang: row.lang, version: row.version, audience: row.audience, score, ranks,
    section: Number(row.ordinal) + 1,
    translationOf: row.translation_of,
    sourceUrl: row.source_url ?? null,
  };
}

type Leg = 'vector' | 'fts' | 'simple';

export async function searchChunks(deps: SearchDeps, options: SearchOptions): Promise<SearchHit[]> {
  const method = options.method ?? 'hybrid+rerank';
  const k = options.k ?? 10;
  const pool = options.pool ?? 40;
  const w = options.weights ?? DEFAULT_SEARCH_WEIGHTS;
  const raw = options.query.trim().slice(0, 2000);
  if (!raw) return [];
  const query = options.correctSpelling === false ? raw : (await correctQuery(deps.db, raw, options.lang)).query;

  const filters: SQL[] = [];
  if ((options.audience ?? 'public') === 'public') filters.push(sql`c.audience = 'public'`);
  if (options.product) filters.push(sql`c.product = ${options.product}`);
  if (options.version) filters.push(sql`(c.version is null or c.version = ${options.version})`);
  if (options.documentIds) {
    if (options.documentIds.length === 0) return [];
    filters.push(sql`c.document_id in ${options.documentIds}`);
  }
  const where = filters.length > 0 ? sql.join(filters, sql` and `) : sql`true`;

  // The company's synonyms widen what the question matches ("router" also finds "Box").
  const expanded = await widenQuestion(deps.db, query, options.lang);

  const useVector = method !== 'fts';
  const useText = method !== 'vector';
  // The words as the articles write them: the text columns keep accents, and folded words missed
  // them ("redemarrer" never matched "redémarrer"); a word the corpus lacks stays as typed.
  const stats = useText ? await loadTermStats(deps.db) : undefined;
  // The words that ask for the answer's form ("combien coûtent", "how much … cost") say little of
  // its topic. The `simple` leg matches surface forms, so a conjugation of them is a rare lexeme
  // there ("coûtent") that took a topic word's place and found whatever else "coûtent" something;
  // they are left out of it (the language leg stems them to their common form and keeps them).
  const language = asTextLanguage(options.lang);
  const formWords = language ? cueWords(query, language, wantedAnswerKinds(query, language)) : new Set<string>();
  const typed = wordsKeepingNumbers(expanded.text.toLowerCase().normalize('NFC'), 1);
  const words = typed.flatMap((word) => stats?.asWritten(word) ?? [word]);
  const ftsText = queryWords(words);
  const simpleText = queryWords(words.filter((word) => !isStopword(fold(word)) && !formWords.has(fold(word))));
  const tsConfig = tsConfigFor(options.lang);

  // Each retriever is its own query, so on PostgreSQL they run in parallel on the pool (on
  // PGlite they simply queue); fusion then happens here, over at most 3 × pool ids.
  type Ranked = { id: number; lang: string };
  const legs: { name: Leg; ranking: Promise<Ranked[]> }[] = [];
  const run = (name: Leg, query: SQL) => {
    const ranking = queryRows<Ranked>(deps.db, query);
    // Awaited below with the others; until then a failure must not go unhandled.
    ranking.catch(() => {});
    legs.push({ name, ranking });
  };
  if (useVector) {
    const [vector] = await timeStage('embed', () => deps.embedder.embed([expanded.text], { lang: options.lang }));
    const dims = vector!.length;
    // ORDER BY the bare distance with a LIMIT is the form that uses the HNSW index. It starts at
    // once: on PostgreSQL it runs while the text legs' words are chosen (on PGlite queries queue).
    run('vector', sql`select c.id, c.lang from chunks c where ${modelPredicate(deps.embedder.id)} and ${where}
        order by ${typedEmbedding(dims)} <=> ${vectorLiteral(vector!, dims)} limit ${pool}`);
  }
  if (useText) {
    // Both legs' lexemes in one round trip; a leg whose words the corpus lacks is not run at all.
    const wanted = { fts: Boolean(ftsText), simple: Boolean(simpleText) && w.simple > 0 };
    if (wanted.fts || wanted.simple) {
      const none = sql`'[]'::json`;
      const [chosen] = await queryRows<{ fts: string[]; simple: string[] }>(
        deps.db,
        sql`select ${wanted.fts ? rarestLexemes({ field: 'tsv', config: tsConfig, text: ftsText, maxDfFraction: w.maxDfFraction, maxDfChunks: w.maxDfChunks }) : none} as fts,
          ${wanted.simple ? rarestLexemes({ field: 'tsv_simple', config: 'simple', text: simpleText, maxDfFraction: w.maxDfFraction, maxDfChunks: w.maxDfChunks }) : none} as simple`,
      );
      const text = { where, pool, modelId: deps.embedder.id };
      if (chosen?.fts.length) run('fts', textLeg({ ...text, field: 'tsv', lexemes: chosen.fts }));
      if (chosen?.simple.length) run('simple', textLeg({ ...text, field: 'tsv_simple', lexemes: chosen.simple }));
    }
  }
  if (legs.length === 0) return [];

  const rankings = await Promise.all(legs.map((leg) => leg.ranking));
  const boost = (lang: string) => (options.lang && lang === options.lang ? w.sameLanguageBoost : 1);
  const fused = new Map<number, { score: number; lang: string; ranks: Record<Leg, number | null> }>();
  legs.forEach((leg, l) => {
    rankings[l]!.forEach(({ id, lang }, i) => {
      const entry = fused.get(id) ?? { score: 0, lang, ranks: { vector: null, fts: null, simple: null } };
      entry.score += w[leg.name] / (w.rrfK + i + 1);
      entry.ranks[leg.name] = i + 1;
      fused.set(id, entry);
    });
  });
  if (fused.size === 0) return [];

  // Only the pool's passages are read whole (their text is what the reranker and the answer read).
  const ranked = [...fused]
    .map(([id, entry]) => ({ id, score: entry.score * boost(entry.lang), ranks: entry.ranks }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, pool);
  const rows = await passageRowsById(deps.db, ranked.map((r) => r.id));
  let hits: SearchHit[] = ranked
    .filter((r) => rows.has(r.id))
    .map((r, i) => hitFromRow(rows.get(r.id)!, r.score, { ...r.ranks, fused: i + 1, rerank: null }));

  if (method === 'hybrid+rerank' && deps.reranker && hits.length > 1 && contentTerms(query, undefined).length > 0) {
    const top = hits[0]!.score;
    const { ranking } = await timeStage('rerank', () => rerank({
      model: deps.reranker!,
      query,
      documents: hits.map((h) => ({
        title: h.title, headingPath: h.headingPath, content: h.content, lang: h.lang, prior: top > 0 ? h.score / top : 0,
      })),
      providerOptions: { lantern: { ...(options.lang ? { lang: options.lang } : {}), alternatives: expanded.alternatives } },
    }));
    hits = ranking.map((r, i) => ({
      ...hits[r.originalIndex]!,
      score: r.score,
      ranks: { ...hits[r.originalIndex]!.ranks, rerank: i + 1 },
    }));
  }
  return hits.slice(0, k);
}

/**
 * The passages of a few given documents, ranked for the query by the reranker alone: no
 * embedding, no index legs (a handful of documents has a few dozen passages). Used to pick, in a
 * translation, the passage that matches what was found in another language.
 */
export async function rankDocumentPassages(
  deps: SearchDeps,
  { query, lang, documentIds, audience = 'public' }: { query: string; lang?: string; documentIds: string[]; audience?: 'public' | 'all' },
): Promise<SearchHit[]> {
  if (documentIds.length === 0 || !deps.reranker) return [];
  const rows = await documentPassageRows(deps.db, { documentIds, audience });
  if (rows.length === 0) return [];
  const { alternatives } = await widenQuestion(deps.db, query, lang);
  const { ranking } = await timeStage('rerank', () => rerank({
    model: deps.reranker!,
    query,
    documents: rows.map((r) => ({ title: r.title, headingPath: r.heading_path, content: r.content, lang: r.lang, prior: 0 })),
    providerOptions: { lantern: { ...(lang ? { lang } : {}), alternatives } },
  }));
  return ranking.map((r, i) => hitFromRow(rows[r.originalIndex]!, r.score, { ...NO_RANKS, rerank: i + 1 }));
}

/**
 * Every public passage of a few documents, in each document's own order, scored with the given
 * score per document: the whole article for a generator that picks the passage to quote itself.
 */
export async function documentPassages(db: Db, { documentIds, scores }: { documentIds: string[]; scores: Map<string, number> }): Promise<SearchHit[]> {
  if (documentIds.length === 0) return [];
  const rows = await documentPassageRows(db, { documentIds, audience: 'public' });
  return rows.map((row) => hitFromRow(row, scores.get(row.document_id) ?? 0, NO_RANKS));
}

/** Best chunk per document, in rank order: what the search page and the evaluation rank. */
export function uniqueDocuments(hits: SearchHit[]): SearchHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.documentId) && seen.add(h.documentId));
}
