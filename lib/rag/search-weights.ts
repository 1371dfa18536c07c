/** How hybrid search fuses its retrievers (weighted reciprocal rank fusion). */
export type SearchWeights = {
  vector: number;
  fts: number;
  simple: number;
  /** k in weight / (k + rank): smaller values favour each retriever's top results more. */
  rrfK: number;
  /** Multiplier for passages in the query's language. */
  sameLanguageBoost: number;
  /** Full-text search ignores words found in more than this fraction of all chunks... */
  maxDfFraction: number;
  /**
   * ...or in more than this many chunks, whichever is fewer. In a large help center a word in
   * thousands of passages cannot single out an answer for a pool of 40 (the vector leg still
   * finds them by meaning), and every passage it matches is read to rank: at a million chunks a
   * 10 % cut-off let one leg match 88,441 chunks (README, "A million chunks").
   */
  maxDfChunks: number;
};

/** Tuned on the golden set and checked on an external set (see README, "Retrieval quality"). */
export const DEFAULT_SEARCH_WEIGHTS: SearchWeights = { vector: 1.5, fts: 1, simple: 0.3, rrfK: 20, sameLanguageBoost: 1.3, maxDfFraction: 0.1, maxDfChunks: 1000 };
