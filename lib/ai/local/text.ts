import { newStemmer } from 'snowball-stemmers';
import { deu, eng, fra, ita } from 'stopword';
import { processMap } from '@/lib/runtime/process-map';
import { IRREGULAR_FORMS } from './irregular-forms';

/**
 * Text normalisation shared by the built-in embedding model and reranker: accent folding,
 * tokenising, stop words and Snowball stemming for the four supported languages.
 */

export type TextLanguage = 'en' | 'de' | 'fr' | 'it';
const LANGUAGES: readonly TextLanguage[] = ['en', 'de', 'fr', 'it'];

const STEMMERS: Record<TextLanguage, { stem(word: string): string }> = {
  en: newStemmer('english'),
  de: newStemmer('german'),
  fr: newStemmer('french'),
  it: newStemmer('italian'),
};

/** Lower-case, ß → ss, and strip diacritics, so "Gebühr", "gebuhr" and "GEBÜHR" meet. */
export function fold(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').normalize('NFKD').replace(/\p{M}+/gu, '');
}

const STOPWORDS: Set<string> = new Set([...eng, ...deu, ...fra, ...ita].map(fold));
// Elisions ("l'appareil", "dell'abbonamento") leave these behind.
for (const w of ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "dell", "nell", "all", "sull", "un"]) STOPWORDS.add(w);
// "Can I …": modal verbs frame a question and say nothing of its topic (and must not be spell-corrected into a topic word).
for (const w of ['kann', 'kannst', 'konnen', 'peux', 'puis', 'peut', 'pouvez', 'posso', 'puoi', 'puo', 'possiamo', 'potete']) STOPWORDS.add(w);
// … and so does "must", as the English and German lists already have it ("devo riavviare", "il faut").
for (const w of [
  'dois', 'doit', 'devons', 'devez', 'doivent', 'faut', 'devo', 'devi', 'deve', 'dobbiamo', 'dovete', 'devono', 'bisogna',
]) STOPWORDS.add(w);

export function isStopword(foldedWord: string): boolean {
  return STOPWORDS.has(foldedWord);
}

/** A message's sentences, as written: split after . ! ? … ; and at line breaks. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A sentence asks something when it ends in a question mark (an emoji or quote after it aside). */
export function isAsking(sentence: string): boolean {
  const mark = sentence.lastIndexOf('?');
  return mark !== -1 && !/[\p{L}\p{N}]/u.test(sentence.slice(mark + 1));
}

/**
 * What a message asks, without the story told before it: from its first asking sentence on
 * ("Just upgraded to 10G. Which port do I need?" → "Which port do I need?"); the whole message
 * when it asks nothing with a question mark or starts by asking.
 */
export function askedPart(message: string): string {
  const sentences = sentencesOf(message);
  const first = sentences.findIndex(isAsking);
  return first > 0 ? sentences.slice(first).join(' ') : message;
}

// Italian pronouns glued to an infinitive or imperative: "cambiarla", "spostatelo", "metterne".
const GLUED_PRONOUN = /(?:te|ar|er|ir)(?:lo|la|li|le|gli|ne)$/;

/** A folded word that ends in a pronoun pointing back at something said before ("annullarlo"). */
export function hasGluedPronoun(foldedWord: string): boolean {
  return foldedWord.length > 6 && GLUED_PRONOUN.test(foldedWord);
}

/** Folded word tokens (letters and digits), in order. */
export function tokenize(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function asTextLanguage(lang: string | undefined): TextLanguage | undefined {
  return LANGUAGES.find((l) => l === lang);
}

/**
 * Stems a folded word. With no known language the English stemmer is used: it mostly strips
 * plural and verb endings, which is the right thing for most borrowed terms too.
 */
export function stem(foldedWord: string, lang: TextLanguage | undefined): string {
  if (foldedWord.length <= 3 || /\d/.test(foldedWord)) return foldedWord;
  const language = lang ?? 'en';
  const cache = STEM_CACHE[language];
  let stemmed = cache.get(foldedWord);
  if (stemmed === undefined) {
    // A help center's vocabulary is small and every answer stems the same words again; the bound
    // only guards against floods of made-up words.
    if (cache.size >= STEM_CACHE_SIZE) cache.clear();
    stemmed = STEMMERS[language].stem(foldedWord);
    cache.set(foldedWord, stemmed);
  }
  return stemmed;
}

// French writes its commonest endings with accents, which folding takes away: Snowball's French
// stemmer knows "ée", "ière" and "é" as endings, not "ee", "iere" and "e", so folded "activee",
// "frontiere" and "appuye" (appuyé) stemmed apart from "activer", "frontier" and "appuyez". Those
// endings are read as the verb or noun endings they stand for, whether the customer typed the
// accents or not (the demo articles' French words: 1,251 stems folded, 1,215 so, 1,209 stemmed as
// written). Not in the embedding model, whose stored vectors use `stem` as it is.
//
// The articles' steps say "Vérifiez", "Retirez", "Choisissez"; questions say "vérifier", "retirer":
// Snowball cut "-iez", "-irez" as other tenses' endings ("retirez" → "ret"), so the imperative
// is read as its infinitive too.
function frenchEndings(foldedWord: string): string {
  return foldedWord
    .replace(/ees?$/, 'er')
    .replace(/ieres?$/, 'ier')
    .replace(/([iy])es?$/, '$1er')
    .replace(/^(.{3,})issez$/, '$1ir')
    .replace(/^(.{4,})ez$/, '$1er');
}

// German verbs in "-ieren" (installieren, aktivieren, funktionieren) keep "-iert", "-ierst" and
// the noun's "-ier(ung)" in their Snowball stem, apart from the infinitive's "-i": "Das Update
// wird installiert" never met "installieren". Read on stems of seven letters or more.
function germanEndings(stemmed: string): string {
  return stemmed.replace(/^(.{4,}i)er(?:s?t)?$/, '$1');
}

// English forms degrees of comparison with endings Snowball's English stemmer keeps ("higher",
// "older", "newer" stay apart from "high", "old", "new"; German's strips them, French and Italian
// say "plus haut", "più alto"): "why is my bill so high?" never met "Your first invoice is usually
// higher". The gradable adjectives of everyday service language, listed rather than guessed: a
// rule stripping "-er" would also take "router", "order", "number".
const ENGLISH_DEGREES: ReadonlyMap<string, string> = new Map(
  [
    ['high', 'higher', 'highest'], ['low', 'lower', 'lowest'], ['fast', 'faster', 'fastest'], ['slow', 'slower', 'slowest'],
    ['cheap', 'cheaper', 'cheapest'], ['long', 'longer', 'longest'], ['short', 'shorter', 'shortest'], ['old', 'older', 'oldest'],
    ['new', 'newer', 'newest'], ['big', 'bigger', 'biggest'], ['small', 'smaller', 'smallest'], ['large', 'larger', 'largest'],
    ['early', 'earlier', 'earliest'], ['late', 'later', 'latest'], ['easy', 'easier', 'easiest'], ['strong', 'stronger', 'strongest'],
    ['weak', 'weaker', 'weakest'], ['near', 'nearer', 'nearest'], ['close', 'closer', 'closest'], ['young', 'younger', 'youngest'],
  ].flatMap(([base, ...forms]) => forms.map((form) => [form!, base!] as const)),
);

/** The term of a folded word, as content terms and term statistics read it: its stem (French endings and English degrees as above; irregular verb forms as their regular forms' stem). */
export function termOf(foldedWord: string, lang: TextLanguage | undefined): string {
  const stemmed = regularTerm(foldedWord, lang);
  return lang ? (irregularStems(lang).get(stemmed) ?? stemmed) : stemmed;
}

function regularTerm(foldedWord: string, lang: TextLanguage | undefined): string {
  if (lang === 'en') return stem(ENGLISH_DEGREES.get(foldedWord) ?? foldedWord, lang);
  if (lang === 'de') return germanEndings(stem(foldedWord, lang));
  return stem(lang === 'fr' ? frenchEndings(foldedWord) : foldedWord, lang);
}

// An irregular verb form's stem → the stem its regular forms share (./irregular-forms.ts).
const IRREGULAR_STEMS: Partial<Record<TextLanguage, ReadonlyMap<string, string>>> = {};
function irregularStems(lang: TextLanguage): ReadonlyMap<string, string> {
  return (IRREGULAR_STEMS[lang] ??= new Map(
    IRREGULAR_FORMS[lang].flatMap(([first, ...forms]) => forms.map((form) => [regularTerm(form, lang), regularTerm(first!, lang)] as const)).filter(([from, to]) => from !== to),
  ));
}

const STEM_CACHE_SIZE = 50_000;
// Process-wide: the startup warm-up fills it for the routes too (lib/runtime/process-map.ts).
const STEM_CACHE: Record<TextLanguage, Map<string, string>> = { en: processMap('stems.en'), de: processMap('stems.de'), fr: processMap('stems.fr'), it: processMap('stems.it') };

// English contractions ("don't", "we've", "I'll") leave these behind: no content, yet no article
// uses them, so as terms they would weigh like the rarest words. Typed without the apostrophe
// ("cant log in", "i dont get it") they are one word, and no more content. (Left out: forms that
// are words of their own, "ill", "id", "its", "well", "wed", "shed".) (Kept out of the stop words
// the embedding model reads, so stored vectors stay valid.)
const CONTRACTION_PARTS = new Set([
  'don', 'doesn', 'didn', 'isn', 'aren', 'wasn', 'weren', 'haven', 'hasn', 'hadn', 'won', 'wouldn', 'couldn', 'shouldn', 'mustn', 'needn', 've', 'll', 're',
  'cant', 'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt', 'werent', 'havent', 'hasnt', 'hadnt', 'wont', 'wouldnt', 'couldnt', 'shouldnt', 'mustnt', 'neednt',
  'ive', 'youre', 'youve', 'theyre', 'theyve', 'weve', 'thats', 'whats', 'theres',
]);

// "go" in all its forms ("going to the usa", "phone gone", "went"): a light verb, like "get" and
// "make" that the English list has; as a term it matched every "Go to **Profile**" instruction.
const LIGHT_VERBS = new Set(['go', 'goes', 'going', 'gone', 'went']);

// Personal, possessive and reflexive pronouns the stop word lists lack ("she", "hers", "itself",
// "us"; Italian "egli", "essa"): they point at someone or something named elsewhere and say
// nothing of the topic ("My mum has the Box 3 – can she do the same?"). Kept out of content
// terms only, like the contraction parts above.
const PRONOUNS = new Set([
  'mine', 'myself', 'us', 'ours', 'ourselves', 'yours', 'yourself', 'yourselves', 'she', 'hers', 'herself', 'its', 'itself', 'theirs', 'themselves',
  'elles', 'egli', 'ella', 'esso', 'essa', 'essi', 'esse',
]);

// Closed-class words (prepositions, conjunctions, adverbs of time, degree, frequency and
// alternative, quantifiers, indefinite pronouns) that the stop word lists above lack — thin for
// French and Italian ("chez", "depuis", "ancora", "seulement", "forse"; "po", the cut "poco" of
// "un po'"). A word whose stem another word shares is left out ("quite" → "quit"). They
// stay terms (a passage that says "durante l'aggiornamento" matches the customer's phrase), but
// they never make a question unanswerable: the built-in model counts them only where a passage
// states them (lib/ai/local/extractive-answer.ts).
const FUNCTION_WORDS = [
  // English
  'until', 'during', 'without', 'within', 'already', 'always', 'often', 'soon', 'yesterday', 'today', 'tomorrow', 'something',
  'nothing', 'someone', 'nobody', 'every', 'just', 'even', 'almost', 'again', 'instead', 'perhaps', 'maybe', 'else', 'ever',
  'rather', 'anymore', 'anything', 'everything', 'anyone', 'everyone', 'somewhere', 'anywhere', 'everywhere',
  // German
  'obwohl', 'falls', 'bevor', 'gestern', 'stattdessen', 'sogar', 'vorher', 'nachher', 'manchmal',
  // French
  'chez', 'depuis', 'avant', 'apres', 'pendant', 'sous', 'vers', 'selon', 'entre', 'contre', 'parmi', 'comme', 'donc', 'alors',
  'car', 'parce', 'lorsque', 'puis', 'ensuite', 'ainsi', 'encore', 'aussi', 'tres', 'bien', 'deja', 'toujours', 'jamais',
  'souvent', 'maintenant', 'hier', 'demain', 'aujourd', 'trop', 'peu', 'beaucoup', 'assez', 'plus', 'moins', 'tout', 'toute',
  'tous', 'toutes', 'quelque', 'quelques', 'chaque', 'autre', 'autres', 'rien', 'quoi', 'seulement', 'presque', 'plutot', 'sinon',
  'parfois', 'autant', 'environ',
  // Italian
  'senza', 'sotto', 'sopra', 'verso', 'dopo', 'prima', 'durante', 'mentre', 'quindi', 'allora', 'perche', 'pero', 'invece',
  'cioe', 'comunque', 'ancora', 'sempre', 'mai', 'gia', 'subito', 'poi', 'molto', 'poco', 'po', 'troppo', 'tanto', 'piu', 'meno',
  'ieri', 'oggi', 'domani', 'adesso', 'qui', 'qua', 'ogni', 'altro', 'altri', 'altra', 'altre', 'stesso', 'stessa', 'qualche',
  'niente', 'nulla', 'tutta', 'tutte', 'solo', 'soltanto', 'quasi', 'forse', 'abbastanza', 'altrimenti', 'appena', 'circa', 'spesso',
];
const FUNCTION_TERMS: Record<TextLanguage, Set<string>> = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, new Set(FUNCTION_WORDS.map((w) => termOf(w, lang)))]),
) as Record<TextLanguage, Set<string>>;

/** A content term (stemmed) that is one of those closed-class words. */
export function isFunctionTerm(term: string, lang: TextLanguage): boolean {
  return FUNCTION_TERMS[lang].has(term);
}

// Folded, a stop word can be spelt like a content word: German "andern" (others) is also
// "ändern" (to change), which help questions use far more. Folding the stop lists against the
// demo help center's vocabulary finds this as the only collision its articles use often (30
// passages; the others are stop words too — "dès", "là", "wären" — or used once). (Also kept out
// of the embedding model's stop words, so stored vectors stay valid.)
const FOLDED_CONTENT_WORDS = new Set(['andern']);

// A letter written against an apostrophe or a hyphen is part of a word ("I'm", "customer's",
// "l'app", "e-bill"), not one of its own.
const ATTACHED_LETTER = /(?<![\p{L}\p{N}])\p{L}(?=['’-])|(?<=['’-])\p{L}(?![\p{L}\p{N}])/gu;
// Letters that are words in the four languages, folded ("a", "I", Italian "e", "o", French "y",
// "à"), or in a typed chat ("can u", "r u"): anything but a name.
const LETTER_WORDS = new Set(['a', 'e', 'i', 'o', 'r', 'u', 'y']);

/**
 * Word tokens of an already normalised text, a number with at least `minDots` dots kept whole
 * ("5.4.1", "192.168.0.1"); any other dotted run is split at its dots.
 */
export function wordsKeepingNumbers(text: string, minDots: number): string[] {
  return (text.match(/[\p{L}\p{N}]+(?:\.\p{N}+)*/gu) ?? []).flatMap((w) => {
    const parts = w.split('.');
    return parts.length === 1 || (parts.length > minDots && /^\p{N}+$/u.test(parts[0]!)) ? [w] : parts;
  });
}

/**
 * Folded word tokens, a number with two dots or more kept whole ("5.4.1", "192.168.0.1"): a
 * version or an address is one thing, and its parts would meet every "5" and "1" ("Box 5", "1 GB").
 * A letter against an apostrophe or a hyphen is left out (ATTACHED_LETTER). (The embedding model
 * reads plain tokens, so stored vectors stay valid.)
 */
export function wordTokens(text: string): string[] {
  const folded = fold(text);
  return wordsKeepingNumbers(/['’-]/.test(folded) ? folded.replace(ATTACHED_LETTER, ' ') : folded, 2);
}

/**
 * Content terms: folded, stop words removed, stemmed. A letter standing on its own is a term, as
 * a digit is: it names a size or a model ("Wave Mobile M", "Box 5").
 */
export function contentTerms(text: string, lang: TextLanguage | undefined): string[] {
  return wordTokens(text)
    .filter((w) => (!isStopword(w) || FOLDED_CONTENT_WORDS.has(w) || (w.length === 1 && !LETTER_WORDS.has(w))) && !CONTRACTION_PARTS.has(w) && !PRONOUNS.has(w) && !LIGHT_VERBS.has(w))
    .map((w) => termOf(w, lang));
}
