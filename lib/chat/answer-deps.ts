import { createChatModel, createEmbedder, createLocalChatModel, createReranker } from '@/lib/ai/models';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { getSetting } from '@/lib/db/queries/settings';
import type { AnswerDeps, AnswerSettings } from '@/lib/rag/answer';
import { loadTermStats } from '@/lib/rag/term-stats';
import { getSite } from '@/lib/site';

export function answerSettings(config: Config, overrides: Partial<AnswerSettings> = {}): AnswerSettings {
  return {
    search: config.search,
    goldenMatchThreshold: config.chat.goldenMatchThreshold,
    goldenSourceThreshold: config.chat.goldenSourceThreshold,
    maxSources: config.chat.maxSources,
    clarifyVersions: true,
    // The built-in model quotes passages as written; an LLM answers in the customer's language.
    sameLanguageSources: config.model.provider !== 'openai',
    wholeArticles: config.model.provider !== 'openai' ? 2 : 0,
    modelTimeoutMs: config.chat.modelTimeoutMs,
    minCoverage: config.chat.localMinCoverage,
    confidentMinCoverage: config.chat.localConfidentMinCoverage,
    confidentRetrievalScore: config.chat.localConfidentScore,
    strictMinCoverage: config.chat.localStrictMinCoverage,
    ...overrides,
  };
}

/**
 * The golden-answer match threshold in force: the console's setting (golden_match_threshold,
 * 0 included) when set, else GOLDEN_MATCH_THRESHOLD. Read per message, so a change applies to
 * the next one.
 */
export async function goldenMatchThreshold(db: Db, config: Config): Promise<number> {
  return (await getSetting(db, { key: 'golden_match_threshold' })) ?? config.chat.goldenMatchThreshold;
}

/** Everything the answer pipeline needs, from the configuration and the database (explicit overrides win). */
export async function createAnswerDeps(db: Db, config: Config, overrides: Partial<AnswerSettings> = {}): Promise<AnswerDeps> {
  const termStats = await loadTermStats(db);
  const threshold = await goldenMatchThreshold(db, config);
  const local = { termWeight: termStats.idf, knownTerm: (t: string, l: Parameters<typeof termStats.df>[1]) => termStats.df(t, l) > 0, minCoverage: config.chat.localMinCoverage };
  const generator = createChatModel(config.model, local);
  return {
    db,
    embedder: createEmbedder(config.model),
    reranker: createReranker(),
    termStats,
    generator,
    condenser: config.model.provider === 'openai' ? generator.model : undefined,
    fallback: config.model.provider === 'openai' && config.chat.fallback === 'local' ? createLocalChatModel(local) : undefined,
    company: getSite().company,
    settings: answerSettings(config, { goldenMatchThreshold: threshold, ...overrides }),
  };
}
