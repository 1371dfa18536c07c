/**
 * Words that frame a question rather than say what it is about ("why", "does it", "what
 * happens", "comment", "cosa"), folded. The stop word lists lack them; as terms they would
 * match whichever passage happens to use them ("Cet article explique comment…").
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'why', 'when', 'where', 'which', 'whats', 'does', 'did', 'doe', 'dont', 'want', 'need', 'happen', 'happens', 'anything', 'something', 'its',
  'wann', 'wieso', 'weshalb', 'etwas', 'bekomme', 'bekommen', 'brauche', 'passiert',
  'pourquoi', 'quand', 'comment', 'quoi', 'quelque', 'chose', 'faut', 'dois', 'veux', 'veut', 'veulent',
  'perche', 'quando', 'qualcosa', 'cosa', 'devo', 'voglio', 'vuol', 'vuole', 'vogliono', 'succede',
  // "ça veut dire quoi ?", "che vuol dire?": what something means; "dire" (say) frames the question.
  'dire',
  // "how much / how many": asks for a number, names no topic.
  'much', 'many', 'viel', 'wieviel', 'wieviele', 'wievielen', 'viele', 'vielen', 'combien', 'quanto', 'quanta', 'quanti', 'quante',
]);

/** The question words proper: what a question asks (who, when, how much), never its topic. */
export const INTERROGATIVES: ReadonlySet<string> = new Set([
  'why', 'when', 'where', 'which', 'whats', 'much', 'many',
  'wann', 'wieso', 'weshalb', 'warum', 'wieviel', 'wieviele', 'wievielen', 'viel', 'viele', 'vielen',
  'pourquoi', 'quand', 'comment', 'quoi', 'combien',
  'perche', 'quando', 'cosa', 'quanto', 'quanta', 'quanti', 'quante',
]);
