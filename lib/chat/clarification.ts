import { fold, isAsking, isStopword, sentencesOf, tokenize } from '@/lib/ai/local/text';
import { namedVersions } from '@/lib/rag/versions';
import type { PendingClarification } from './dialog-state';

/**
 * Reads the customer's reply to "Which one do you have: Box 3 or Box 5?". A reply answers it when
 * it names an option ("Box 5", "die Box 3"), its distinguishing number ("it's the 5"), its place in
 * the offered list ("the first one") or its age ("j'ai la plus récente": versions are ordered by
 * their number). A reply that says more than that is a new question: the clarification is dropped.
 */

export type ClarificationReply =
  /** The reply picks an option: answer the original question in that version. */
  | { kind: 'chosen'; version: string }
  /** A new question (possibly naming a version): the clarification no longer applies. */
  | { kind: 'new_question' };

// Folded words that say "the newer/newest" or "the older/oldest" in en/de/fr/it.
const NEWER = new Set(['new', 'newer', 'newest', 'latest', 'recent', 'neu', 'neue', 'neuen', 'neuer', 'neuere', 'neueste', 'neuste', 'neusten', 'neuesten', 'aktuelle', 'recente', 'nouvelle', 'nouveau', 'nouvel', 'derniere', 'dernier', 'nuova', 'nuovo', 'ultima', 'ultimo', 'piu']);
const OLDER = new Set(['old', 'older', 'oldest', 'alt', 'alte', 'alten', 'altere', 'alteste', 'altesten', 'ancienne', 'ancien', 'vieille', 'vieux', 'vecchia', 'vecchio', 'precedente']);
// "piu" alone means "more": it only counts as "newer" next to "recente"/"nuova", handled below.
const ORDINALS: Record<string, number> = {
  first: 0, erste: 0, ersten: 0, erstere: 0, premiere: 0, premier: 0, prima: 0, primo: 0,
  second: 1, zweite: 1, zweiten: 1, letztere: 1, deuxieme: 1, seconde: 1, seconda: 1, secondo: 1,
};
// Words a short reply wraps an option in ("I have the 5", "c'est celle-là", "ich habe die"): not a new subject.
const FILLER = new Set([
  'one', 'have', 'got', 'mine', 'model', 'version', 'device', 'modem', 'router', 'box', 'habe', 'hab', 'modell', 'gerat', 'geraet', 'celle', 'celui', 'modele', 'ai', 'quello', 'quella', 'ho', 'modello', 'it', 's', 'is', 'its', 'es', 'ist', 'c', 'est', 'e',
  // Discourse markers and the question word of "and on the Box 3, what then?", "ce serait quoi ?", "wie ist es da?".
  'ok', 'okay', 'then', 'what', 'how', 'dann', 'also', 'wie', 'alors', 'quoi', 'comment', 'allora', 'cosa', 'come',
]);

type Option = { id: string; number: number | null; letters: string };

function describe(id: string): Option {
  // Version ids are short ("box5"); a trailing number is what tells them apart.
  const match = /^([^\d\s_-]*)[\s_-]*(\d+)$/.exec(id);
  return match ? { id, letters: fold(match[1]!), number: Number(match[2]) } : { id, letters: fold(id), number: null };
}

function byAge(options: Option[], newest: boolean): string | null {
  const numbered = options.filter((o) => o.number !== null).sort((a, b) => a.number! - b.number!);
  if (numbered.length !== options.length || numbered.length === 0) return null;
  return (newest ? numbered.at(-1) : numbered[0])!.id;
}

function choose(words: string[], offered: Option[], named: string[]): string | null {
  if (named.length === 1) return named[0]!;
  if (named.length > 1) return null;
  const numbers = new Set(words.filter((w) => /^\d+$/.test(w)).map(Number));
  const byNumber = offered.filter((o) => o.number !== null && numbers.has(o.number));
  if (byNumber.length === 1) return byNumber[0]!.id;
  const newer = words.some((w) => NEWER.has(w) && w !== 'piu') || (words.includes('piu') && words.includes('recente'));
  const older = words.some((w) => OLDER.has(w));
  if (newer !== older) return byAge(offered, newer);
  const ordinal = words.map((w) => ORDINALS[w]).find((n) => n !== undefined);
  if (ordinal !== undefined) return offered[ordinal]?.id ?? null;
  return null;
}

/** Content words beyond the option itself and the usual wrapping: three or more make a new question. */
function extraWords(words: string[], offered: Option[]): number {
  const optionWords = new Set(offered.flatMap((o) => [o.letters, String(o.number ?? '')]));
  return words.filter((w) => !isStopword(w) && !optionWords.has(w) && !FILLER.has(w) && !NEWER.has(w) && !OLDER.has(w) && !(w in ORDINALS) && !/^\d+$/.test(w)).length;
}

/**
 * `maxExtraWords`: how many other content words a reply may carry ("I have the Box 5 at home").
 * A reply to the assistant's own question may say a little more; a message that merely names a
 * version after an answer ("and on the Box 3?") may not, or "How do I reset the Box 5?" would
 * be taken for "the same question, on the Box 5".
 */
export function readClarificationReply(
  text: string,
  { options }: Pick<PendingClarification, 'options'>,
  { maxExtraWords = 2 }: { maxExtraWords?: number } = {},
): ClarificationReply {
  const offered = options.map(describe);
  const words = tokenize(text);
  if (extraWords(words, offered) > maxExtraWords) return { kind: 'new_question' };
  const chosen = choose(words, offered, namedVersions(text, options));
  return chosen ? { kind: 'chosen', version: chosen } : { kind: 'new_question' };
}

/**
 * "And on the Box 3?" after an answer: the same question, in that version. The version may come
 * with a remark around it ("ok and on the Box 3? my parents have that one"): one sentence names
 * only the version, and the others ask nothing (end in no question mark). "And the Box 3? How do I reset
 * it?" is a new question.
 */
export function readVersionSwap(text: string, { options }: Pick<PendingClarification, 'options'>): ClarificationReply {
  const sentences = sentencesOf(text);
  for (const [i, sentence] of sentences.entries()) {
    const reply = readClarificationReply(sentence, { options }, { maxExtraWords: 0 });
    if (reply.kind !== 'chosen') continue;
    const rest = sentences.filter((_, j) => j !== i);
    if (rest.every((other) => !isAsking(other) && namedVersions(other, options).every((v) => v === reply.version))) return reply;
  }
  return { kind: 'new_question' };
}

// In a message that is more than a reply, only the words that compare models: "new" and "aktuelle"
// also say "a new device" or "my current one" ("do I get a new box?").
const COMPARING_NEWER = new Set(['newer', 'newest', 'latest', 'neuere', 'neueren', 'neueste', 'neuesten', 'neuste', 'neusten', 'recente']);
const NEAR_FAMILY = 3;

/**
 * The version a message names by its age next to the product's name: "die ältere Box mit den vier
 * Lämpchen", "my mum's older Box", "la box la plus ancienne", "il Box più recente" (versions are
 * ordered by their number). Undefined when it names none, or both.
 */
export function versionByAge(text: string, versions: string[]): string | undefined {
  const words = tokenize(text);
  const byFamily = new Map<string, Option[]>();
  for (const option of versions.map(describe)) byFamily.set(option.letters, [...(byFamily.get(option.letters) ?? []), option]);
  // Per product family, whether the words around its name say older or newer.
  const said = new Map<string, { newer: boolean; older: boolean }>();
  words.forEach((word, i) => {
    const family = byFamily.get(word);
    if (!family || family.length < 2) return;
    const near = words.slice(Math.max(0, i - NEAR_FAMILY), i + NEAR_FAMILY + 1);
    const ages = said.get(word) ?? { newer: false, older: false };
    ages.newer ||= near.some((w) => COMPARING_NEWER.has(w) && (w !== 'recente' || near.includes('piu')));
    ages.older ||= near.some((w) => OLDER.has(w));
    said.set(word, ages);
  });
  const found = [...said].flatMap(([family, ages]) => (ages.newer === ages.older ? [] : [byAge(byFamily.get(family)!, ages.newer)]));
  return found.length === 1 && found[0] ? found[0] : undefined;
}
