import { fold } from './text';

/**
 * Groups of countries that articles key prices and rules on instead of naming every country:
 * "Zone 3 | All other countries", "Calls to Zone 1 landlines (EU/EEA, UK)". A passage that speaks
 * of a group gets one more term for it, and a country of the group that the articles do not name
 * (lib/rag/places.ts: "Portugal", "Thailand", or their cities) has the group's term as its
 * alternative — so the question finds the row that covers it, not the first row that says
 * "countries".
 */
export const OTHER_COUNTRIES = '~other-countries';
export const EU_EEA = '~eu-eea';
/** Any country but Switzerland: "abroad", "im Ausland", "à l'étranger", "all'estero". */
export const ABROAD = '~abroad';

// Folded, as passages are matched: "übrigen" → "ubrigen". "Other countries" names the group where
// a quantifier says so ("All other countries") or where it stands as a name, at the start of a
// table cell, a line or a parenthesis ("| Other countries | See price list |"); in a sentence it
// is any country abroad ("Calls from Switzerland to other countries").
const OTHER_COUNTRIES_PHRASES = [
  /(?:\ball |(?:^|[|(\n]) *)other countries\b/,
  /\brest of the world\b/,
  /(?:\balle |(?:^|[|(\n]) *)(?:anderen|ubrigen|restlichen) lander\b/,
  /\b(?:rest|ubrige) (?:der )?welt\b/,
  /(?:\btous les |(?:^|[|(\n]) *)autres pays\b/,
  /\breste du monde\b/,
  /(?:\btutti gli |(?:^|[|(\n]) *)altri paesi\b/,
  /\bresto del mondo\b/,
];

// "EU/EEA", "EU/EWR", "UE/EEE", "UE/SEE" as written (capitals: "see" and "eee" are words too),
// and the union's name in the four languages (folded).
const EU_ABBREVIATIONS = /\b(?:EU|EEA|EWR|UE|EEE)\b|\bUE\/SEE\b/;
const EU_NAMES = /\b(?:european union|europaische[nr]? union|union europeenne|unione europea)\b/;

// Folded: "à l'étranger" → "a l'etranger"; "Auslandsaufenthalt" and "Ausland" alike.
const ABROAD_PHRASES = [/\babroad\b/, /\boutside (?:of )?switzerland\b/, /\bausland/, /\betranger\b/, /\bestero\b/];

export function speaksOfAbroad(text: string): boolean {
  const folded = fold(text);
  return ABROAD_PHRASES.some((p) => p.test(folded));
}

export function speaksOfOtherCountries(text: string): boolean {
  const folded = fold(text);
  return OTHER_COUNTRIES_PHRASES.some((p) => p.test(folded));
}

export function speaksOfEuEea(text: string): boolean {
  return EU_ABBREVIATIONS.test(text) || EU_NAMES.test(fold(text));
}

/** Whether a term stands for a group of countries rather than a word. */
export function isCountryGroup(term: string): boolean {
  return term === OTHER_COUNTRIES || term === EU_EEA || term === ABROAD;
}

/** The terms with the term of each group of countries the text speaks of added. */
export function withCountryGroups(terms: Set<string>, text: string): Set<string> {
  const groups = [
    ...(speaksOfOtherCountries(text) ? [OTHER_COUNTRIES] : []),
    ...(speaksOfEuEea(text) ? [EU_EEA] : []),
    ...(speaksOfAbroad(text) ? [ABROAD] : []),
  ];
  return groups.length === 0 ? terms : new Set([...terms, ...groups]);
}

/**
 * "Abroad" is the least a passage can say of a country. Where a passage of the pool names the
 * country itself or its group (the zone table's "Germany", "EU/EEA countries"), passages that only
 * say "abroad" do not cover it; where none does ("I'm moving to Germany": the moving articles),
 * they do. `named` tells whether the pool holds the term or one of the given alternatives.
 */
export function withoutAbroadWhereNamed(
  alternatives: Record<string, string[]>,
  named: (term: string, specific: string[]) => boolean,
): Record<string, string[]> {
  let pruned: Record<string, string[]> | null = null;
  for (const [term, alts] of Object.entries(alternatives)) {
    if (!alts.includes(ABROAD)) continue;
    const specific = alts.filter((a) => a !== ABROAD);
    if (!named(term, specific)) continue;
    pruned ??= { ...alternatives };
    pruned[term] = specific;
  }
  return pruned ?? alternatives;
}
