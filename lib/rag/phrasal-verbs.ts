import { fold, termOf, type TextLanguage } from '@/lib/ai/local/text';
import type { ExpandedQuery } from './synonyms';
import { withMeanings } from './with-meanings';

/**
 * Verbs in two parts, as customers write them: English phrasal verbs ("send the Box back", "my
 * husband passed away", "turn off voicemail"), Italian ones ("riporto indietro la Box") and German
 * separable verbs ("schicke ich die Box zurück?"). Help articles write the written register's one
 * word: "return", "death", "deactivate", "restituire", "zurückgeben". The verb and its particle match
 * nothing of that, or the wrong passages ("back" of the device, "away" for roaming). A verb found
 * in the question adds the words it means — only those the corpus uses — to the search and as
 * alternatives of its verb and particle, as German separable verbs get their joined form
 * (./separable-verbs.ts).
 */

type PhrasalVerb = { verbs: string[]; particle: string; means: string[] };

// Common verbs of customer service and their written-register meanings (verbs listed with their
// irregular forms; regular endings are stemmed away; particles folded).
const ENGLISH: PhrasalVerb[] = [
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
  // A connection is cut off (disconnected), and so is a service (suspended, blocked, restricted).
  { verbs: ['cut'], particle: 'off', means: ['disconnect', 'suspend', 'block', 'restrict'] },
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

const ITALIAN: PhrasalVerb[] = [
  { verbs: ['portare', 'riportare', 'mandare', 'rimandare', 'rimando', 'rimandi', 'spedire', 'rispedire', 'dare', 'ridare'], particle: 'indietro', means: ['restituire', 'restituzione'] },
];

// German main clauses put the particle last ("Schicke ich die Box zurück?"); the joined word
// ("zurückschicken", "zurückgeschickt") is read as the verb and its particle too. "Etwas
// zurückbekommen" is left out: money, a device or compensation — as "Gutschrift" it answered an
// outage question from the wrong section where it had declined.
const GERMAN: PhrasalVerb[] = [{ verbs: ['schicken', 'senden', 'bringen'], particle: 'zuruck', means: ['zurückgeben', 'zurücksenden'] }];

const BY_LANGUAGE: Partial<Record<TextLanguage, PhrasalVerb[]>> = { en: ENGLISH, it: ITALIAN, de: GERMAN };

/** Words an object between the verb and its particle may take: "send the old Box 5 back". */
const MAX_GAP = 4;

export type FoundPhrasalVerb = { verb: string; particle: string; means: string[] };

function isVerb(entry: PhrasalVerb, word: string, lang: TextLanguage): boolean {
  const term = termOf(word, lang);
  return entry.verbs.some((verb) => verb === word || termOf(verb, lang) === term);
}

/** The two-part verbs of a text in `lang`: the verb as written (folded), its particle and what they mean. */
export function phrasalVerbs(text: string, lang: TextLanguage): FoundPhrasalVerb[] {
  const entries = BY_LANGUAGE[lang] ?? [];
  const found: FoundPhrasalVerb[] = [];
  for (const clause of fold(text).split(/[?!.;,:\n]+/)) {
    const words = clause.match(/[\p{L}\p{N}]+/gu) ?? [];
    words.forEach((word, i) => {
      for (const entry of entries) {
        // The particle right after the verb ("sending back my Box") or after its object; in
        // German at the clause's end, however long the middle.
        const reach = lang === 'de' ? words.length : i + 2 + MAX_GAP;
        if (isVerb(entry, word, lang) && words.slice(i + 1, reach).includes(entry.particle)) found.push({ verb: word, particle: entry.particle, means: entry.means });
        // German writes the two as one word where the verb comes last: "zurückschicken", "zurückgeschickt".
        if (lang === 'de' && word.startsWith(entry.particle)) {
          const rest = word.slice(entry.particle.length);
          const infinitive = rest.replace(/^ge(\p{L}{3,}?)(?:et|t|en)$/u, '$1en');
          if ([rest, infinitive].some((verb) => verb.length > 2 && isVerb(entry, verb, lang))) found.push({ verb: word, particle: entry.particle, means: entry.means });
        }
      }
    });
  }
  return found;
}

/** The widened question with what its two-part verbs mean, where `known` says the corpus uses the word. */
export function withPhrasalVerbs(expanded: ExpandedQuery, query: string, lang: TextLanguage | undefined, known: (folded: string) => boolean): ExpandedQuery {
  if (!lang) return expanded;
  return withMeanings(expanded, phrasalVerbs(query, lang).map(({ verb, particle, means }) => ({ words: [verb, particle], means })), lang, known);
}
