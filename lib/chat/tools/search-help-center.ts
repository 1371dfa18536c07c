import { tool } from 'ai';
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';
import type { AnswerDeps } from '@/lib/rag/answer';
import { retrieve } from '@/lib/rag/retrieve';
import type { SearchHit } from '@/lib/rag/search';
import { selectPassages } from '@/lib/rag/select-sources';
import { buildSources, type Source } from '@/lib/rag/sources';

/**
 * The help center as a tool for the model: the same retrieval as the built-in path (hybrid
 * search, rerank, same-language versions), answered as numbered sources. Numbers continue
 * across calls within a turn, so every [n] the model writes names exactly one passage; the
 * citation filter lets through only numbers that were returned.
 */
export type SearchLedger = {
  /** Every source returned this turn, by its number. */
  sources: Map<number, Source>;
  hits: SearchHit[];
  passedDocumentIds: Set<string>;
};

export function newSearchLedger(): SearchLedger {
  return { sources: new Map(), hits: [], passedDocumentIds: new Set() };
}

export function searchHelpCenterTool(deps: AnswerDeps, { lang, version, ledger }: { lang: Locale; version: string | undefined; ledger: SearchLedger }) {
  return tool({
    description:
      "Searches the company's help center (articles about products, services, prices, bills, devices and troubleshooting). Use it for every question about how things work or cost; cite the returned sources as [n].",
    inputSchema: z.object({ query: z.string().min(2).max(500).describe('A standalone search query in the customer’s language') }),
    execute: async ({ query }) => {
      const { hits } = await retrieve(deps, { standalone: query, lang, version, weights: deps.settings.search });
      const chosen = selectPassages(hits, deps.settings.maxSources);
      const offset = ledger.sources.size;
      const sources = buildSources({ hits: [...chosen].reverse() }).map((s) => ({ ...s, n: s.n + offset }));
      for (const source of sources) {
        ledger.sources.set(source.n, source);
        ledger.passedDocumentIds.add(source.documentId);
      }
      ledger.hits.push(...hits);
      if (sources.length === 0) return { sources: [], note: 'Nothing in the help center matches. Do not answer from memory: say so, and offer a person.' };
      return { sources: sources.map((s) => ({ n: s.n, title: s.title, heading: s.heading, lang: s.lang, content: s.content })) };
    },
  });
}
