import { searchChunks, uniqueDocuments, type SearchDeps, type SearchMethod, type SearchWeights } from '@/lib/rag/search';
import { condenseLocally } from '@/lib/rag/condense';
import type { QuestionResult } from './metrics';
import type { QaItem } from './qa';

export type RetrievalEvalOptions = {
  method: SearchMethod;
  /** Documents to rank per question (Recall@20 needs 20). */
  depth?: number;
  /** Below this top score the system abstains ("no answer"). Only meaningful for hybrid+rerank. */
  abstainBelow?: number;
  weights?: SearchWeights;
  onProgress?: (done: number, total: number) => void;
};

/** Runs every question through search and records the documents it ranked, best first. */
export async function evaluateRetrieval(deps: SearchDeps, items: QaItem[], options: RetrievalEvalOptions): Promise<QuestionResult[]> {
  const results: QuestionResult[] = [];
  for (const [i, item] of items.entries()) {
    const started = performance.now();
    const query = condenseLocally(item.question, item.history);
    const hits = await searchChunks(deps, { query, lang: item.lang, method: options.method, k: 40, audience: 'public', weights: options.weights });
    const latencyMs = performance.now() - started;
    const documents = uniqueDocuments(hits).slice(0, options.depth ?? 20);
    const top = documents[0]?.score ?? 0;
    results.push({
      id: item.id,
      lang: item.lang,
      relevantIds: item.source_ids,
      rankedIds: documents.map((d) => d.documentId),
      abstained: documents.length === 0 || (options.abstainBelow !== undefined && top < options.abstainBelow),
      latencyMs,
    });
    options.onProgress?.(i + 1, items.length);
  }
  return results;
}
