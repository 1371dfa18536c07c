import { withCountryGroups } from './country-groups';
import { withQuantities } from './quantities';

/**
 * A text's terms with those it states without the word: the groups of countries it speaks of
 * (lib/ai/local/country-groups.ts) and the kinds of quantity it gives a number of
 * (lib/ai/local/quantities.ts). A question's words reach them through their alternatives.
 */
export function withImpliedTerms(terms: Set<string>, text: string): Set<string> {
  return withQuantities(withCountryGroups(terms, text), text);
}
