import { uniqueDocuments, type SearchHit } from './search';

/**
 * The select stage: which retrieved passages the generator sees — or, when the best articles
 * differ only by product version, none yet: the customer is asked which version they have.
 */

/** Two of the best documents differ only by version: the answer depends on which one they have. */
export function versionChoice(hits: SearchHit[]): string[] | null {
  const top = uniqueDocuments(hits).slice(0, 5);
  const best = top[0];
  if (!best?.version) return null;
  const siblings = top.filter(
    (h) => h.version && h.version !== best.version && h.score >= best.score * 0.6 && h.documentId.replace(h.version, '') === best.documentId.replace(best.version!, ''),
  );
  if (siblings.length === 0) return null;
  return [...new Set([best.version, ...siblings.map((s) => s.version!)])].sort();
}

/** The best passages, at most two per article so the sources cover more than one angle. */
export function selectPassages(hits: SearchHit[], maxSources: number): SearchHit[] {
  const perDocument = new Map<string, number>();
  return hits
    .filter((h) => {
      const n = perDocument.get(h.documentId) ?? 0;
      perDocument.set(h.documentId, n + 1);
      return n < 2;
    })
    .slice(0, maxSources);
}
