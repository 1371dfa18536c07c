import type { EmbeddingModelV4, EmbeddingModelV4CallOptions, EmbeddingModelV4Result } from '@ai-sdk/provider';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { asTextLanguage, isStopword, stem, tokenize, type TextLanguage } from './text';

/**
 * The built-in embedding model: no weights, fully deterministic. A text becomes a bag of
 * features — stemmed words, stemmed word pairs, and character n-grams of each word (which
 * survive typos, inflection and shared roots across languages) — hashed with a sign into a
 * fixed number of dimensions and L2-normalised. Cosine similarity then measures weighted
 * feature overlap, which is what hybrid search needs from its dense side.
 */

export const LOCAL_EMBEDDING_DIMENSIONS = 256;

export type EmbeddingWeights = { word: number; pair: number; charGrams: number };
export const DEFAULT_EMBEDDING_WEIGHTS: EmbeddingWeights = { word: 1, pair: 0.5, charGrams: 1 };
const CHAR_GRAM_SIZES = [3, 4, 5];

/** FNV-1a, 32 bit: fast and well spread for short strings. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function charGrams(word: string): string[] {
  const padded = `<${word}>`;
  const grams: string[] = [];
  for (const n of CHAR_GRAM_SIZES) {
    for (let i = 0; i + n <= padded.length; i++) grams.push(padded.slice(i, i + n));
  }
  return grams;
}

export function featuresOf(text: string, lang: TextLanguage | undefined, weights = DEFAULT_EMBEDDING_WEIGHTS): Map<string, number> {
  const features = new Map<string, number>();
  const add = (key: string, weight: number) => features.set(key, (features.get(key) ?? 0) + weight);
  let previous: string | undefined;
  for (const word of tokenize(text)) {
    if (isStopword(word) || (word.length < 2 && !/\d/.test(word))) {
      previous = undefined;
      continue;
    }
    const stemmed = stem(word, lang);
    add(`w:${stemmed}`, weights.word);
    if (previous) add(`p:${previous} ${stemmed}`, weights.pair);
    previous = stemmed;
    const grams = charGrams(word);
    // Spread a fixed weight over the word's grams, so long words do not drown short ones.
    const each = weights.charGrams / Math.sqrt(grams.length);
    for (const gram of grams) add(`c:${gram}`, each);
  }
  return features;
}

export function embedText(
  text: string,
  lang: TextLanguage | undefined,
  { dimensions = LOCAL_EMBEDDING_DIMENSIONS, weights = DEFAULT_EMBEDDING_WEIGHTS }: { dimensions?: number; weights?: EmbeddingWeights } = {},
): number[] {
  const vector = new Float64Array(dimensions);
  for (const [feature, weight] of featuresOf(text, lang, weights)) {
    // Repeated features count less and less (sublinear term frequency).
    const scaled = weight <= 1 ? weight : 1 + Math.log(weight);
    const h = hash(feature);
    vector[h % dimensions]! += (h & 0x80000000 ? -1 : 1) * scaled;
  }
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  return Array.from(vector, (v) => v / norm);
}

export type LocalEmbeddingOptions = { lang?: string };

export class LocalEmbeddingModel implements EmbeddingModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'lantern-local';
  readonly modelId: string;
  readonly maxEmbeddingsPerCall = 2048;
  readonly supportsParallelCalls = true;

  constructor(private readonly options: { dimensions?: number; weights?: EmbeddingWeights } = {}) {
    this.modelId = `lantern-hash-${options.dimensions ?? LOCAL_EMBEDDING_DIMENSIONS}-v2`;
  }

  async doEmbed({ values, providerOptions }: EmbeddingModelV4CallOptions): Promise<EmbeddingModelV4Result> {
    // The caller may know the language (chunks carry it); otherwise detect it per text.
    const hint = asTextLanguage((providerOptions?.lantern as LocalEmbeddingOptions | undefined)?.lang);
    const embeddings = values.map((value) => embedText(value, hint ?? asTextLanguage(detectLanguage(value)), this.options));
    return { embeddings, usage: { tokens: 0 }, warnings: [] };
  }
}
