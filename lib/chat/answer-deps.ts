import { createChatModel, createEmbedder, createLocalChatModel, createReranker } from '@/lib/ai/models';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
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
    modelTimeoutMs: config.chat.modelTimeoutMs,
    minCoverage: config.chat.localMinCoverage,
    confidentMinCoverage: config.chat.localConfidentMinCoverage,
    confidentRetrievalScore: config.chat.localConfidentScore,
    strictMinCoverage: config.chat.localStrictMinCoverage,
    ...overrides,
  };
}

/** Everything the answer pipeline needs, from the configuration and the database. */
export async function createAnswerDeps(db: Db, config: Config, overrides: Partial<AnswerSettings> = {}): Promise<AnswerDeps> {
  const termStats = await loadTermStats(db);
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
    settings: answerSettings(config, overrides),
  };
}
