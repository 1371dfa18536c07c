import { contentTerms, fold, type TextLanguage } from './text';

/**
 * What the customer says they do not have or did not do: "Off to Belgrade next week, no travel
 * pack." / "Missed the game and didn't record it." The words after the negation name what is
 * absent, so a passage about travel packs or recordings is not confirmed by them: the question
 * after the story ("what will data cost per MB?", "any way to still watch it?") is about the
 * alternative. Read in the story only — in the question itself a negation is what is asked
 * ("what happens if I don't pay?").
 *
 * A negation reaches to the end of its clause: the next comma, colon, dash or coordinating
 * conjunction ("no pack and I land Monday" negates only the pack).
 */

// Folded tokens, the negative pronouns with them ("non carica niente": the negation, not a thing
// denied); English contractions split at the apostrophe ("didn't" → "didn", "t") or typed
// without it ("didnt").
const NEGATIONS: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set([
    'no', 'not', 'never', 'without', 'cannot', 'nothing', 'nobody', 'none',
    'don', 'doesn', 'didn', 'haven', 'hasn', 'hadn', 'won', 'isn', 'aren', 'wasn', 'weren', 'couldn', 'wouldn',
    'dont', 'doesnt', 'didnt', 'havent', 'hasnt', 'hadnt', 'wont', 'isnt', 'arent', 'wasnt', 'werent', 'couldnt', 'wouldnt', 'cant',
  ]),
  de: new Set(['kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'nicht', 'nie', 'niemals', 'ohne', 'nichts', 'niemand']),
  fr: new Set(['ne', 'n', 'pas', 'sans', 'jamais', 'aucun', 'aucune', 'rien', 'personne']),
  it: new Set(['non', 'senza', 'mai', 'nessun', 'nessuno', 'nessuna', 'niente', 'nulla']),
};

const CONJUNCTIONS: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set(['and', 'but', 'or', 'so']),
  de: new Set(['und', 'aber', 'oder', 'sondern']),
  fr: new Set(['et', 'mais', 'ou', 'donc']),
  it: new Set(['e', 'ed', 'ma', 'o', 'quindi']),
};

// "I don't feel like posting the Box back", "je ne veux pas payer le roaming": a wish denied is
// still about the act, which is what the customer asks about.
const WISHES: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set(['want', 'wanna', 'feel', 'like', 'wish', 'intend', 'plan', 'mean']),
  de: new Set(['will', 'wollen', 'wollte', 'mochte', 'mochten', 'mag', 'lust']),
  fr: new Set(['veux', 'veut', 'voulons', 'voudrais', 'souhaite', 'souhaitons', 'envie']),
  it: new Set(['voglio', 'vogliamo', 'vorrei', 'vorremmo', 'voglia']),
};

// "à deux pas de la frontière", "pas à pas": the French "pas" after a number or an article is a step.
const BEFORE_NOUN_PAS = new Set(['a', 'un', 'deux', 'trois', 'quelques', 'le', 'les', 'ce', 'premier', 'dernier']);

function isNoun(word: string, before: string | undefined, lang: TextLanguage): boolean {
  return lang === 'fr' && word === 'pas' && before !== undefined && (BEFORE_NOUN_PAS.has(before) || /^\d+$/.test(before));
}

/** The content terms a sentence states only under a negation ("no travel pack" → travel, pack). */
export function negatedTerms(sentence: string, lang: TextLanguage): Set<string> {
  const negations = NEGATIONS[lang];
  const conjunctions = CONJUNCTIONS[lang];
  const negated: string[] = [];
  for (const clause of fold(sentence).split(/[,;:–—()]|\s-\s/)) {
    const words = [...clause.matchAll(/[\p{L}\p{N}]+/gu)];
    // "Ich will das Gerät nicht zurückschicken": the wish may stand before the negation.
    if (words.some((w) => WISHES[lang].has(w[0]))) continue;
    // The clause's text from after the negation to its end (or a conjunction), as written: "l'ho" stays one word.
    let from = -1;
    const close = (to: number) => {
      if (from >= 0) negated.push(...contentTerms(clause.slice(from, to), lang));
      from = -1;
    };
    for (const [i, match] of words.entries()) {
      const word = match[0];
      if (negations.has(word) && !isNoun(word, words[i - 1]?.[0], lang)) {
        close(match.index);
        from = match.index + word.length;
      } else if (conjunctions.has(word)) close(match.index);
    }
    close(clause.length);
  }
  return new Set(negated);
}
