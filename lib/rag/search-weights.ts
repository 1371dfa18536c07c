/** How hybrid search fuses its retrievers (weighted reciprocal rank fusion). */
export type SearchWeights = {
  vector: number;
  fts: number;
  simple: number;
  /** k in weight / (k + rank): smaller values favour each retriever's top results more. */
  rrfK: number;
  /** Multiplier for passages in the query's language. */
  sameLanguageBoost: number;
  /** Full-text search ignores words found in more than this fraction of all chunks. */
  maxDfFraction: number;
};

/** Tuned on the golden set and checked on an external set (see README, "Retrieval quality"). */
export const DEFAULT_SEARCH_WEIGHTS: SearchWeights = { vector: 1.5, fts: 1, simple: 0.3, rrfK: 20, sameLanguageBoost: 1.3, maxDfFraction: 0.1 };
