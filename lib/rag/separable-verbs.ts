import { fold, isStopword, stem } from '@/lib/ai/local/text';
import type { ExpandedQuery } from './synonyms';

/**
 * German separable verbs: "Wie setze ich die Box auf Werkseinstellungen zurück?" asks about
 * "zurücksetzen", the word the articles' titles use; "Wie stelle ich das WLAN ein?" about
 * "einstellen", "Wie starte ich die Box neu?" about a "Neustart". Split, the verb and its particle
 * match the wrong passages instead ("… setzt die Box nicht auf Werkseinstellungen zurück" in the
 * restart article). A clause that ends in a particle has its verb first, after any question word
 * or conjunction ("und wie"); the two are joined and searched for as well.
 */

const PARTICLES = new Set([
  'ab', 'an', 'auf', 'aus', 'bei', 'ein', 'fest', 'frei', 'her', 'hin', 'hoch', 'los', 'mit', 'nach', 'neu', 'um', 'vor', 'weg', 'weiter', 'wieder', 'zu', 'zuruck', 'zusammen',
]);

export type SeparableVerb = { verb: string; particle: string; joined: string };

/** The separable verbs of a German text, as folded words: { verb: "setze", particle: "zuruck", joined: "zurucksetze" }. */
export function separableVerbs(text: string): SeparableVerb[] {
  const found: SeparableVerb[] = [];
  for (const clause of fold(text).split(/[?!.;,:\n]+/)) {
    const words = clause.match(/\p{L}+/gu) ?? [];
    const particle = words.at(-1);
    if (!particle || words.length < 3 || !PARTICLES.has(particle)) continue;
    // "Setze ich …" (verb first), or after a question word or conjunction: "und wie setze ich …".
    const verb = words.find((w) => !isStopword(w));
    if (!verb || verb === particle || isStopword(verb) || verb.length < 3) continue;
    found.push({ verb, particle, joined: particle + verb });
  }
  return found;
}

/** The widened question with German separable verbs joined: in the search text, and as alternatives of the verb and the particle. */
export function withSeparableVerbs(expanded: ExpandedQuery, query: string, lang: string | undefined): ExpandedQuery {
  if (lang !== 'de') return expanded;
  const verbs = separableVerbs(query);
  if (verbs.length === 0) return expanded;
  const alternatives = { ...expanded.alternatives };
  for (const { verb, particle, joined } of verbs) {
    const target = stem(joined, 'de');
    for (const word of [verb, particle]) {
      const key = stem(word, 'de');
      alternatives[key] = [...new Set([...(alternatives[key] ?? []), target])];
    }
  }
  const joined = verbs.map((v) => v.joined);
  return { text: `${expanded.text} ${joined.join(' ')}`, alternatives, added: [...expanded.added, ...joined] };
}
