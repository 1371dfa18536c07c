import { streamText, type LanguageModel } from 'ai';
import { CitationFilter } from './citations';
import type { Source } from './sources';

/**
 * The generate stage: one model call over the selected sources, streamed through the citation
 * filter, so only markers of sources the model was given reach the customer (the check-citations
 * stage runs inside the stream, not after it).
 */

export type ModelChoice = { model: LanguageModel; id: string; price: { inputPerMTok: number; outputPerMTok: number } };

export type Generation = { released: string; filter: CitationFilter; tokensIn: number; tokensOut: number };

export function usageCost(price: ModelChoice['price'], tokensIn: number, tokensOut: number): number {
  return (tokensIn * price.inputPerMTok + tokensOut * price.outputPerMTok) / 1_000_000;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 500);
  return String(error).slice(0, 500);
}

export async function generate(
  choice: ModelChoice,
  { system, prompt, sources, abortSignal, timeoutMs, onText, onCited, providerOptions }: {
    system: string;
    prompt: string;
    sources: Source[];
    providerOptions?: Record<string, Record<string, number | string | Record<string, string[]>>>;
    abortSignal?: AbortSignal;
    timeoutMs: number;
    onText: (text: string) => void;
    onCited: (sourceNumbers: number[]) => void;
  },
): Promise<Generation> {
  const filter = new CitationFilter(new Set(sources.map((s) => s.n)));
  let released = '';
  let cited = 0;
  const release = (text: string) => {
    if (!text) return;
    // Metadata first, so the markers in this text already have their links.
    if (filter.citedSources.length > cited) {
      cited = filter.citedSources.length;
      onCited(filter.citedSources);
    }
    released += text;
    onText(text);
  };
  const result = streamText({
    model: choice.model,
    system,
    prompt,
    temperature: 0,
    maxRetries: 0,
    providerOptions,
    abortSignal,
    // stepMs, not a number/totalMs: combined with an abortSignal those can be garbage-collected
    // on Node 20 and never fire; firstChunkMs only starts after openai.chat's first chunk.
    timeout: { stepMs: timeoutMs, chunkMs: Math.min(timeoutMs, 10_000) },
    // Errors arrive as stream parts and are handled below; no default console dump.
    onError: () => {},
  });
  let tokensIn = 0;
  let tokensOut = 0;
  for await (const part of result.stream) {
    if (part.type === 'text-delta') release(filter.push(part.text));
    else if (part.type === 'error') throw part.error;
    else if (part.type === 'abort') throw new Error(`generation aborted${part.reason ? `: ${part.reason}` : ''}`);
    else if (part.type === 'finish') {
      tokensIn = part.totalUsage.inputTokens ?? 0;
      tokensOut = part.totalUsage.outputTokens ?? 0;
    }
  }
  release(filter.flush());
  return { released, filter, tokensIn, tokensOut };
}
