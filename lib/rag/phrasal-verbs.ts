import { fold, stem } from '@/lib/ai/local/text';
import type { ExpandedQuery } from './synonyms';

/**
 * English phrasal verbs: customers write "send the Box back", "my husband passed away", "turn
 * off voicemail"; help articles write the one-word verb of the written register: "return",
 * "death", "deactivate". The verb and its particle match nothing of that, or the wrong passages
 * ("back" of the device, "away" for roaming). A phrasal verb found in the question adds the words
 * it means — only those the corpus uses — to the search and as alternatives of its verb and
 * particle, as German separable verbs get their joined form (./separable-verbs.ts).
 */

type PhrasalVerb = { verbs: string[]; particle: string; means: string[] };

// Common English phrasal verbs of customer service and their written-register meanings (verbs
// listed with their irregular forms; regular endings are stemmed away).
const PHRASAL_VERBS: PhrasalVerb[] = [
  { verbs: ['send', 'sent', 'post', 'ship', 'mail', 'give', 'gave', 'given', 'bring', 'brought', 'take', 'took', 'taken'], particle: 'back', means: ['return'] },
  { verbs: ['pass'], particle: 'away', means: ['death', 'died', 'deceased'] },
  { verbs: ['turn', 'switch', 'shut'], particle: 'off', means: ['deactivate', 'disable'] },
  { verbs: ['turn', 'switch'], particle: 'on', means: ['activate', 'enable'] },
  { verbs: ['sign'], particle: 'up', means: ['register', 'subscribe'] },
  { verbs: ['set'], particle: 'up', means: ['install', 'configure'] },
  { verbs: ['top'], particle: 'up', means: ['recharge'] },
  { verbs: ['hook', 'plug'], particle: 'in', means: ['connect'] },
  { verbs: ['hook'], particle: 'up', means: ['connect'] },
  { verbs: ['drop'], particle: 'off', means: ['disconnect'] },
  { verbs: ['drop'], particle: 'out', means: ['disconnect'] },
  // A connection is cut off (disconnected), and so is a service (suspended, blocked).
  { verbs: ['cut'], particle: 'off', means: ['disconnect', 'suspend', 'block'] },
  { verbs: ['put'], particle: 'off', means: ['postpone'] },
  { verbs: ['hand', 'sign'], particle: 'over', means: ['transfer'] },
  { verbs: ['move'], particle: 'over', means: ['transfer'] },
  // A call is picked up; a help center's "pick up" is rarely a parcel ("collect" lost a voicemail answer).
  { verbs: ['pick'], particle: 'up', means: ['answer'] },
  { verbs: ['go', 'goes', 'went', 'gone'], particle: 'up', means: ['increase'] },
  { verbs: ['show'], particle: 'up', means: ['come', 'arrive'] },
  { verbs: ['fill'], particle: 'in', means: ['complete'] },
  { verbs: ['fill'], particle: 'out', means: ['complete'] },
];

/** Words an object between the verb and its particle may take: "send the old Box 5 back". */
const MAX_GAP = 4;

export type FoundPhrasalVerb = { verb: string; particle: string; means: string[] };

/** The phrasal verbs of an English text: the verb as written (folded), its particle and what they mean. */
export function phrasalVerbs(text: string): FoundPhrasalVerb[] {
  const found: FoundPhrasalVerb[] = [];
  for (const clause of fold(text).split(/[?!.;,:\n]+/)) {
    const words = clause.match(/[\p{L}\p{N}]+/gu) ?? [];
    words.forEach((word, i) => {
      const stemmed = stem(word, 'en');
      for (const entry of PHRASAL_VERBS) {
        if (!entry.verbs.some((verb) => verb === word || stem(verb, 'en') === stemmed)) continue;
        // The particle right after the verb ("sending back my Box") or after its object.
        if (words.slice(i + 1, i + 2 + MAX_GAP).includes(entry.particle)) found.push({ verb: word, particle: entry.particle, means: entry.means });
      }
    });
  }
  return found;
}

/**
 * The widened question with what its English phrasal verbs mean, where `known` says the corpus
 * uses the word: in the search text, and as alternatives of the verb and the particle.
 */
export function withPhrasalVerbs(expanded: ExpandedQuery, query: string, lang: string | undefined, known: (folded: string) => boolean): ExpandedQuery {
  if (lang !== 'en') return expanded;
  const alternatives = { ...expanded.alternatives };
  const added: string[] = [];
  for (const { verb, particle, means } of phrasalVerbs(query)) {
    for (const meaning of means.filter(known)) {
      for (const word of [verb, particle]) {
        const key = stem(word, 'en');
        alternatives[key] = [...new Set([...(alternatives[key] ?? []), stem(meaning, 'en')])];
      }
      added.push(meaning);
    }
  }
  const words = [...new Set(added)];
  if (words.length === 0) return expanded;
  return { text: `${expanded.text} ${words.join(' ')}`, alternatives, added: [...expanded.added, ...words] };
}
