import { recognizeAccountRequest } from '@/lib/actions/intents';
import { businessTimeZone } from '@/lib/business-settings';
import { asTextLanguage } from '@/lib/ai/local/text';
import { loadPlanCatalog } from '@/lib/actions/catalog';
import type { AnswerOutcome } from '@/lib/domain/chat';
import type { Db } from '@/lib/db/client';
import { findDocumentsByIds } from '@/lib/db/queries/documents';
import { listGoldenAnswers } from '@/lib/db/queries/golden-answers';
import { answerTurn } from '@/lib/chat/engine';
import type { AnswerDeps, AnswerResult } from '@/lib/rag/answer';
import { mentionedVersion } from '@/lib/rag/versions';
import { bestGoldenMatch, questionSimilarity } from '@/lib/rag/golden';
import type { Route } from '@/lib/rag/answer';
import { isGoldenLang, type GoldenLang } from './schema';

/**
 * "Try it": how the chat treats a question with the golden answers and threshold in force. The
 * scores come from the chat's own matcher (questionSimilarity / bestGoldenMatch), the decision
 * mirrors lib/rag/answer.ts, and the question then runs through the real answer pipeline (as an
 * anonymous visitor, storing nothing) to show what the chat would answer.
 */

export type GoldenUse = 'verbatim' | 'source' | 'none';

export type TryMatch = { id: string; question: string; score: number };

export type TryResult = {
  question: string;
  /** The language chosen (the chat's prior for the site language)… */
  lang: GoldenLang;
  /** …and the one the chat matched in: the language it detected in the question. */
  matchLang: GoldenLang;
  threshold: number;
  sourceThreshold: number;
  /** The best golden questions in this language, best first. */
  matches: TryMatch[];
  best: (TryMatch & { answer: string; publicSources: number }) | null;
  use: GoldenUse;
  /** Why, in a sentence. */
  reason: string;
  chat: { outcome: AnswerOutcome; route: Route; lang: string; text: string; golden: AnswerResult['golden']; citations: { title: string; url: string }[] };
};

/** How the chat uses a golden match (the rule in lib/rag/answer.ts). */
export function goldenUse(
  best: { score: number; publicSources: number } | null,
  { threshold, sourceThreshold }: { threshold: number; sourceThreshold: number },
): { use: GoldenUse; reason: string } {
  const pct = (n: number) => n.toFixed(2);
  if (!best) return { use: 'none', reason: 'There are no golden answers in this language.' };
  if (best.score >= threshold) {
    return { use: 'verbatim', reason: `The best match scores ${pct(best.score)}, at or above the threshold ${pct(threshold)}: the chat answers with it verbatim, without a model.` };
  }
  if (best.score >= sourceThreshold) {
    return best.publicSources > 0
      ? { use: 'source', reason: `The best match scores ${pct(best.score)}: below the threshold ${pct(threshold)} but at or above ${pct(sourceThreshold)} (GOLDEN_SOURCE_THRESHOLD), so the generator gets it as its first source.` }
      : { use: 'none', reason: `The best match scores ${pct(best.score)}, enough to be a source, but it has no public article to cite, so the chat does not use it.` };
  }
  return { use: 'none', reason: `The best match scores ${pct(best.score)}, below ${pct(sourceThreshold)} (GOLDEN_SOURCE_THRESHOLD): the chat does not use a golden answer.` };
}

/** The best golden questions in `lang` for `question`, scored like the chat scores them. */
export async function rankGoldenMatches(db: Db, { question, lang, limit = 5 }: { question: string; lang: GoldenLang; limit?: number }): Promise<TryMatch[]> {
  const textLang = asTextLanguage(lang);
  return (await listGoldenAnswers(db))
    .filter((g) => g.lang === lang)
    .map((g) => ({ id: g.id, question: g.question, score: questionSimilarity(question, g.question, textLang) }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, limit);
}

export async function tryGoldenQuestion(deps: AnswerDeps, { question, lang, now = new Date() }: { question: string; lang: GoldenLang; now?: Date }): Promise<TryResult> {
  const { db, settings } = deps;
  const threshold = settings.goldenMatchThreshold;
  const sourceThreshold = settings.goldenSourceThreshold;

  // The real pipeline, as an anonymous visitor whose site language is `lang`.
  const catalog = await loadPlanCatalog(db);
  const result = await answerTurn(
    deps,
    {
      question,
      history: [],
      locale: lang,
      signedIn: false,
      account: { requestedTool: (q, l) => recognizeAccountRequest(q, { lang: l, catalog, now, timeZone: businessTimeZone() })?.toolName ?? null },
    },
    { text: () => {} },
  );

  // The chat matches in the language it detects (the chosen one is only its prior).
  const knowledge = result.route === 'knowledge';
  const matchLang: GoldenLang = knowledge && isGoldenLang(result.lang) ? result.lang : lang;
  const matches = await rankGoldenMatches(db, { question, lang: matchLang });
  const versions = deps.termStats.versions;
  const match = await bestGoldenMatch(db, { question, lang: matchLang, version: mentionedVersion(question, versions) ?? null, versions, requireCoverage: threshold > 0 });
  const publicSources = match ? (await findDocumentsByIds(db, { ids: match.golden.sourceIds, includeInternal: false })).length : 0;
  const best = match ? { id: match.golden.id, question: match.golden.question, answer: match.golden.answer, score: match.score, publicSources } : null;
  const decided = knowledge
    ? goldenUse(best, { threshold, sourceThreshold })
    : { use: 'none' as const, reason: `The chat treats this message as ${result.route.replace('_', '-')}, so it does not look at golden answers.` };

  return {
    question,
    lang,
    matchLang,
    threshold,
    sourceThreshold,
    matches,
    best,
    ...decided,
    chat: {
      outcome: result.outcome,
      route: result.route,
      lang: result.lang,
      text: result.text,
      golden: result.golden,
      citations: result.citations.map((c) => ({ title: c.title, url: c.url })),
    },
  };
}
