import { createOpenAI } from '@ai-sdk/openai';
import type { EmbeddingModelV4, RerankingModelV4 } from '@ai-sdk/provider';
import { embedMany, type LanguageModel } from 'ai';
import type { Config } from '@/lib/config';
import { LocalEmbeddingModel } from './local/embedding-model';
import { LocalLanguageModel, type LocalLanguageModelOptions } from './local/language-model';
import { FREE, priceOf, type Price } from './pricing';
import { LocalRerankingModel } from './local/reranking-model';

/**
 * The model registry: the built-in local models by default, an OpenAI-compatible server when
 * OPENAI_BASE_URL or OPENAI_API_KEY is set. Callers get AI SDK models and never branch on the provider.
 */

export type Embedder = {
  /** Stored with every chunk: vectors are only ever compared within one model id. */
  id: string;
  embed(texts: string[], options?: { lang?: string }): Promise<number[][]>;
};

/**
 * The OpenAI provider for the configured server. Without a key (a local server that needs none)
 * no Authorization header is sent: the SDK's own key lookup would otherwise demand one.
 */
function openAICompatible(model: Extract<Config['model'], { provider: 'openai' }>) {
  if (model.apiKey) return createOpenAI({ apiKey: model.apiKey, baseURL: model.baseURL });
  return createOpenAI({
    apiKey: 'unused',
    baseURL: model.baseURL,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('authorization');
      return fetch(input, { ...init, headers });
    },
  });
}

export function createEmbedder(model: Config['model']): Embedder {
  const remote = model.provider === 'openai' && model.embeddings === 'openai';
  const embeddingModel: EmbeddingModelV4 = remote ? openAICompatible(model).embedding(model.embeddingModel) : new LocalEmbeddingModel();
  const id = remote ? `openai:${model.embeddingModel}` : embeddingModel.modelId;
  return {
    id,
    async embed(texts, options = {}) {
      if (texts.length === 0) return [];
      const { embeddings } = await embedMany({
        model: embeddingModel,
        values: texts,
        maxRetries: 2,
        providerOptions: options.lang ? { lantern: { lang: options.lang } } : undefined,
      });
      return embeddings;
    },
  };
}

/** Reranking stays local with either provider: it is lexical and needs no model server. */
export function createReranker(): RerankingModelV4 {
  return new LocalRerankingModel();
}

export type ChatModel = { model: LanguageModel; id: string; price: Price };

/**
 * The answer generator. With OPENAI_API_KEY, `openai.chat` (the /v1/chat/completions API that
 * OpenAI, vLLM, Ollama and llama.cpp all serve); otherwise the built-in local model, which
 * reads corpus word statistics to judge whether a passage really answers the question.
 */
export function createChatModel(model: Config['model'], local: LocalLanguageModelOptions = {}): ChatModel {
  if (model.provider === 'openai') {
    return {
      model: openAICompatible(model).chat(model.chatModel),
      id: `openai:${model.chatModel}`,
      price: model.price ?? priceOf(model.chatModel),
    };
  }
  return createLocalChatModel(local);
}

export function createLocalChatModel(options: LocalLanguageModelOptions = {}): ChatModel {
  const languageModel = new LocalLanguageModel(options);
  return { model: languageModel, id: `local:${languageModel.modelId}`, price: FREE };
}
