import { quantitiesIn, quantityTerm } from '@/lib/ai/local/quantities';
import type { ExpandedQuery } from './synonyms';

/**
 * The widened question with, for each number it states with a unit or as a year ("my son is 16
 * years old", "a phone from 2017"), the kind of that quantity as the number's alternative: a
 * passage that states a limit of that kind ("an adult (18 or older)", "from 2019") covers it for
 * the reranker and the built-in model. The search text is left as it is.
 */
export function withQuantityKinds(expanded: ExpandedQuery, query: string): ExpandedQuery {
  const quantities = quantitiesIn(query);
  if (quantities.length === 0) return expanded;
  const alternatives = { ...expanded.alternatives };
  for (const { number, kind } of quantities) alternatives[number] = [...new Set([...(alternatives[number] ?? []), quantityTerm(kind)])];
  return { ...expanded, alternatives };
}
