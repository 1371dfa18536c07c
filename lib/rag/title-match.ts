import { sql } from 'drizzle-orm';
import { askedPart, asTextLanguage, contentTerms, type TextLanguage } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { cachedRead } from '@/lib/db/read-cache';
import { queryRows } from '@/lib/db/rows';
import { prettyVersion } from './versions';

/**
 * The article of the customer's model whose title a message's question states: "My husband says
 * I should just restart the thing – how do I do it properly?" from a Box 5 customer states
 * «Restart your Alpenwave Box 5» (restart, and the Box 5 from the account), while the story
 * before it ("internet slow since last night, Netflix keeps stalling") is what the search finds
 * first. Only the asking part counts, so a story's words never name an article; the title's
 * words are weighed by how rare they are in the help center, so the company's name, in every
 * title, counts for little.
 */

export type DocumentTitle = { id: string; title: string; lang: string; version: string | null; translationOf?: string | null };

/** Share of a title's weight the question must state. */
export const TITLE_MATCH_SHARE = 0.75;

/** The help center's public article titles, kept like the other reads every message makes (ingest drops them). */
export function publicDocumentTitles(db: Db): Promise<DocumentTitle[]> {
  return cachedRead(db, 'passages', 'titles', () =>
    queryRows<DocumentTitle>(db, sql`select id, title, lang, version, translation_of as "translationOf" from documents where audience = 'public' order by id`),
  );
}

/**
 * The one article of the answer's version (the model the customer named or has), in the
 * question's language, whose title's words the asking part states — the version's words count as
 * stated — by weight at least TITLE_MATCH_SHARE, at least one of them other than the version's;
 * none when two titles qualify alike. Articles without a version are left to the search: "Can I
 * cancel without the early termination fee?" after "I'm moving to Germany" states «Early
 * termination fees», and «Moving abroad» answers it (measured: general titles cost two answers).
 */
export function titledArticle(
  titles: DocumentTitle[],
  { question, lang, version, weight }: { question: string; lang: string; version: string | undefined; weight: (term: string, lang: TextLanguage) => number },
): string | undefined {
  const textLang = asTextLanguage(lang);
  if (!textLang || !version) return undefined;
  const asked = new Set(contentTerms(askedPart(question), textLang));
  if (asked.size === 0) return undefined;
  // The version's words count as stated, but one other word at least must be.
  const versionTerms = new Set(contentTerms(prettyVersion(version), textLang));
  return bestStatedTitle(
    titles.filter((doc) => doc.lang === lang && doc.version === version),
    { stated: (t) => asked.has(t) || versionTerms.has(t), needed: (t) => asked.has(t) && !versionTerms.has(t), lang: textLang, weight },
  );
}

/**
 * The help center article (of no model) whose title a text states, by weight at least
 * TITLE_MATCH_SHARE: the cause the customer's account knows, in the articles' words ("Störungen in
 * Ihrer Region prüfen" states «Störungen prüfen»); none when two titles qualify alike.
 */
export function articleTitledBy(
  titles: DocumentTitle[],
  { text, lang, weight }: { text: string; lang: string; weight: (term: string, lang: TextLanguage) => number },
): string | undefined {
  const textLang = asTextLanguage(lang);
  if (!textLang) return undefined;
  const stated = new Set(contentTerms(text, textLang));
  return bestStatedTitle(
    titles.filter((doc) => doc.lang === lang && doc.version === null),
    { stated: (t) => stated.has(t), needed: (t) => stated.has(t), lang: textLang, weight },
  );
}

/** The title whose words are stated by the largest share of their weight (at least TITLE_MATCH_SHARE, one `needed` word among them); none on a tie. */
function bestStatedTitle(
  titles: DocumentTitle[],
  { stated, needed, lang, weight }: { stated: (term: string) => boolean; needed: (term: string) => boolean; lang: TextLanguage; weight: (term: string, lang: TextLanguage) => number },
): string | undefined {
  let best: { id: string; share: number } | undefined;
  let tied = false;
  for (const doc of titles) {
    const terms = [...new Set(contentTerms(doc.title, lang))];
    const total = terms.reduce((sum, t) => sum + weight(t, lang), 0);
    if (total <= 0 || !terms.some(needed)) continue;
    const share = terms.reduce((sum, t) => sum + (stated(t) ? weight(t, lang) : 0), 0) / total;
    if (share < TITLE_MATCH_SHARE) continue;
    if (best && Math.abs(share - best.share) < 1e-9) tied = true;
    else if (!best || share > best.share) {
      best = { id: doc.id, share };
      tied = false;
    }
  }
  return tied ? undefined : best?.id;
}
