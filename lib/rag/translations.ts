import { findSameLanguageVersions } from '@/lib/db/queries/documents';
import { rankDocumentPassages, type SearchDeps, type SearchHit, type SearchOptions } from './search';

/**
 * Same-language versions of what was found. Retrieval runs across languages (a customer's words
 * often match another language's article best: product names, English terms), but a passage of an
 * article that exists in the customer's language is replaced by the best-matching passage of that
 * translation, at the same rank. Passages of articles that exist only in another language stay:
 * the answer then says so (lib/rag/answer.ts).
 */
export async function preferSameLanguage(
  deps: SearchDeps,
  { hits, lang, query, options }: { hits: SearchHit[]; lang: string; query: string; options: Omit<SearchOptions, 'query' | 'lang' | 'documentIds' | 'k'> },
): Promise<SearchHit[]> {
  const foreign = [...new Set(hits.filter((h) => h.lang !== lang).map((h) => h.documentId))];
  const versions = await findSameLanguageVersions(deps.db, { ids: foreign, lang });
  if (versions.size === 0) return hits;
  // The translations' passages that best match the question, best first.
  const candidates = await rankDocumentPassages(deps, { query, lang, documentIds: [...new Set(versions.values())], audience: options.audience });
  const byDocument = new Map<string, SearchHit[]>();
  for (const hit of candidates) byDocument.set(hit.documentId, [...(byDocument.get(hit.documentId) ?? []), hit]);

  // Walk the list in rank order: a foreign passage becomes its translation's best passage not yet
  // placed (moved up if it was further down the list); a passage placed that way is not repeated.
  const placed = new Set<number>();
  const result: SearchHit[] = [];
  for (const hit of hits) {
    const local = versions.get(hit.documentId);
    if (hit.lang === lang || !local) {
      if (!placed.has(hit.chunkId)) result.push(hit);
      placed.add(hit.chunkId);
      continue;
    }
    const replacement = byDocument.get(local)?.find((c) => !placed.has(c.chunkId));
    // Every passage of the translation is already in the list: the foreign one adds nothing.
    if (!replacement) continue;
    placed.add(replacement.chunkId);
    result.push({ ...replacement, score: hit.score, ranks: hit.ranks });
  }
  return result;
}
