import { asTextLanguage, contentTerms } from '@/lib/ai/local/text';
import { uniqueDocuments, type SearchHit } from './search';

/**
 * The select stage: which retrieved passages the generator sees — or, when the best articles
 * differ only by product version, none yet: the customer is asked which version they have.
 */

export type VersionChoice = {
  /** The versions to ask about, sorted. */
  versions: string[];
  /** For each version, the article the question led to (the same article, in that version). */
  documents: Record<string, string>;
};

/** How close to the best article a versioned one must score for its version to decide the answer. */
const VERSIONED_NEAR_BEST = 0.9;

/** What identifies a versioned article across its versions: "restart-box5-en" → "restart--en", "restart-", and its translation group's "restart-". */
function articleKeys(hit: SearchHit): string[] {
  const id = hit.documentId.replace(hit.version!, '');
  const keys = [id, id.endsWith(`-${hit.lang}`) ? id.slice(0, -hit.lang.length - 1) : id];
  if (hit.translationOf) keys.push(hit.translationOf.replace(hit.version!, ''));
  return keys;
}

/** How close to the versioned article an unversioned one must score to be the answer instead, when its title says more of the question. */
const UNVERSIONED_NEAR_VERSIONED = 0.85;

/** How many of the question's words a title states. */
function titleCoverage(title: string, questionTerms: Set<string>, lang: string): number {
  return new Set(contentTerms(title, asTextLanguage(lang)).filter((t) => questionTerms.has(t))).size;
}

/**
 * An article for every version is not what the question is about when an unversioned article
 * scores about as well and its title states at least as many of the question's words: "I forgot
 * my My Alpenwave password" is about the account password, not the Box's Wi-Fi password; "my
 * husband passed away, what happens to his contract?" is not about any Box. Asking "Box 3 or
 * Box 5?" there would send the customer the wrong way.
 */
function unversionedAnswers(top: SearchHit[], best: SearchHit, question: { text: string; lang: string }): boolean {
  const terms = new Set(contentTerms(question.text, asTextLanguage(question.lang)));
  const versionedTitle = titleCoverage(best.title, terms, best.lang);
  return top.some((h) => !h.version && h.score >= best.score * UNVERSIONED_NEAR_VERSIONED && titleCoverage(h.title, terms, h.lang) >= Math.max(1, versionedTitle));
}

/**
 * Two of the best documents differ only by version: the answer depends on which one they have.
 * With the question, not when an unversioned article answers it as well (see unversionedAnswers).
 */
export function versionChoice(hits: SearchHit[], question?: { text: string; lang: string }): VersionChoice | null {
  const top = uniqueDocuments(hits).slice(0, 5);
  // A versioned article about as relevant as the best article overall (an unversioned article that
  // shares a word with the question, "what you need for …", may edge ahead of the article whose
  // answer depends on the version), with the same article in another version among the best. The
  // best such pair: a Box 3 article that merely mentions the question's words (the reset article's
  // "the LEDs flash orange") may rank above the pair that answers it.
  for (const best of top) {
    if (!best.version || best.score < top[0]!.score * VERSIONED_NEAR_BEST) continue;
    // The same article in another version, in any language (the other version's may exist in fewer
    // languages): its id without the version (and language), or its translation group, is the same.
    const bestKeys = articleKeys(best);
    const siblings = top.filter((h) => h.version && h.version !== best.version && h.score >= best.score * 0.6 && articleKeys(h).some((k) => bestKeys.includes(k)));
    if (siblings.length === 0) continue;
    if (question && unversionedAnswers(top, best, question)) return null;
    const documents: Record<string, string> = {};
    for (const hit of [best, ...siblings]) documents[hit.version!] ??= hit.documentId;
    return { versions: Object.keys(documents).sort(), documents };
  }
  return null;
}

/**
 * The best passages, at most two per article so the sources cover more than one angle. With
 * `onlyLanguage` (a generator that quotes rather than translates), passages in that language only,
 * as long as there are any: a French question is not answered with an Italian quote when a French
 * passage was found too.
 */
export function selectPassages(hits: SearchHit[], maxSources: number, { onlyLanguage }: { onlyLanguage?: string } = {}): SearchHit[] {
  const perDocument = new Map<string, number>();
  const inLanguage = onlyLanguage ? hits.filter((h) => h.lang === onlyLanguage) : [];
  return (inLanguage.length > 0 ? inLanguage : hits)
    .filter((h) => {
      const n = perDocument.get(h.documentId) ?? 0;
      perDocument.set(h.documentId, n + 1);
      return n < 2;
    })
    .slice(0, maxSources);
}
