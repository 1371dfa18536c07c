import { fold } from './text';

/**
 * "Zone 3 | All other countries": a price or rule for every country a list does not name. A
 * passage that says so gets one more term, OTHER_COUNTRIES, and a country the articles never
 * name (lib/rag/places.ts: "Thailand", "Bangkok") has it as its alternative — so the question
 * finds the row that covers it, not the first row that says "countries".
 */
export const OTHER_COUNTRIES = '~other-countries';

// Folded, as passages are matched: "übrigen" → "ubrigen".
const PHRASES = [
  /\b(?:all )?other countries\b/,
  /\brest of the world\b/,
  /\b(?:alle )?(?:anderen|ubrigen|restlichen) lander\b/,
  /\b(?:rest|ubrige) (?:der )?welt\b/,
  /\b(?:tous les )?autres pays\b/,
  /\breste du monde\b/,
  /\b(?:tutti gli )?altri paesi\b/,
  /\bresto del mondo\b/,
];

export function speaksOfOtherCountries(text: string): boolean {
  const folded = fold(text);
  return PHRASES.some((p) => p.test(folded));
}

/** The terms with OTHER_COUNTRIES added when the text speaks of all other countries. */
export function withOtherCountries(terms: Set<string>, text: string): Set<string> {
  return speaksOfOtherCountries(text) ? new Set([...terms, OTHER_COUNTRIES]) : terms;
}
