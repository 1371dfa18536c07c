/**
 * List prices (USD per million tokens) for common OpenAI chat models, for the cost estimate in
 * answer traces. Other servers (vLLM, Ollama, …) cost nothing per token unless
 * OPENAI_PRICE_INPUT_PER_MTOK / OPENAI_PRICE_OUTPUT_PER_MTOK say otherwise.
 */
export type Price = { inputPerMTok: number; outputPerMTok: number };

const KNOWN: Record<string, Price> = {
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
};

export const FREE: Price = { inputPerMTok: 0, outputPerMTok: 0 };

export function priceOf(modelId: string): Price {
  return KNOWN[modelId] ?? FREE;
}
