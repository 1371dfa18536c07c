import { fold, isStopword, termOf } from '@/lib/ai/local/text';
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

/** Letters a verb's stem keeps before the ending; shorter ones are other words ("ausgehen" is no participle of "aushen"). */
const MIN_VERB_STEM = 4;

/** The particle a folded word starts with, the longest one ("zuruck" before "zu"). */
function leadingParticle(word: string): string | undefined {
  let found: string | undefined;
  for (const particle of PARTICLES) if (word.startsWith(particle) && (!found || particle.length > found.length)) found = particle;
  return found;
}

/**
 * The other form of a separable verb written as one word: its participle puts "ge" between the
 * particle and the verb, so a question's "kann man das ausschalten?" and an article's "wurde das
 * Licht ausgeschaltet" share no stem. An infinitive or present form ("ausschalten", "ausschalte", "ausfällt")
 * gives its participles (weak "ausgeschaltet", strong "angerufen"); a participle gives its
 * infinitive ("zurückgesetzt" → "zurücksetzen"). Forms no article uses simply match nothing.
 */
export function separableVerbForms(word: string): string[] {
  const particle = leadingParticle(word);
  if (!particle) return [];
  const rest = word.slice(particle.length);
  const participle = /^ge(\p{L}+?)(?:et|t|en)$/u.exec(rest);
  if (participle) return participle[1]!.length >= MIN_VERB_STEM ? [`${particle}${participle[1]}en`] : [];
  // "ausschalten", "schalte … aus" joined, and the third person a question asks with: "wenn das
  // Internet ausfällt" (folded "ausfallt"), "ausschaltet".
  const present = /^(\p{L}+?)(?:en|et|e|t)$/u.exec(rest);
  if (!present || present[1]!.length < MIN_VERB_STEM) return [];
  const base = present[1]!;
  return [`${particle}ge${base}${/[td]$/.test(base) ? 'et' : 't'}`, `${particle}ge${base}en`];
}

/**
 * The widened question with German separable verbs joined ("setze … zurück" → "zurucksetze") and
 * each one-word separable verb's other forms (participle, infinitive) that `known` says the
 * corpus uses: in the search text, and as alternatives of the words they stand for.
 */
export function withSeparableVerbs(expanded: ExpandedQuery, query: string, lang: string | undefined, known: (folded: string) => boolean): ExpandedQuery {
  if (lang !== 'de') return expanded;
  const verbs = separableVerbs(query);
  const alternatives = { ...expanded.alternatives };
  const add = (word: string, target: string) => {
    const key = termOf(word, 'de');
    alternatives[key] = [...new Set([...(alternatives[key] ?? []), termOf(target, 'de')])];
  };
  for (const { verb, particle, joined } of verbs) for (const word of [verb, particle]) add(word, joined);
  const joined = verbs.map((v) => v.joined);
  // Words written in lower case only: German capitalises nouns ("Ausgabe", "Anschluss"). A joined
  // verb's forms stand for its two parts too.
  const written = (query.match(/\p{L}+/gu) ?? []).filter((w) => /^\p{Ll}/u.test(w)).map(fold).filter((w) => !isStopword(w));
  const verbWords = [...written.map((w) => ({ word: w, standsFor: [w] })), ...verbs.map((v) => ({ word: v.joined, standsFor: [v.joined, v.verb, v.particle] }))];
  const forms: string[] = [];
  for (const { word, standsFor } of verbWords) {
    // Only forms the articles use: any other word is noise to the search (a made-up
    // "abgestellen" moved the query's vector away from the article it was near).
    for (const form of separableVerbForms(word).filter(known)) {
      for (const w of standsFor) add(w, form);
      forms.push(form);
    }
  }
  const added = [...new Set([...joined, ...forms])];
  if (added.length === 0) return expanded;
  return { text: `${expanded.text} ${added.join(' ')}`, alternatives, added: [...expanded.added, ...added] };
}
