import { timeExpressions } from '@/lib/i18n/date-parsers';
import { fold, tokenize, type TextLanguage } from './text';

/**
 * Words of a question that say how, how much or when, not what it is about. Left out where the
 * question's words are weighed against passages (the reranker; the built-in answerer's coverage,
 * with time expressions):
 * an article rarely repeats them, so, rare as they are, they would outweigh the words that matter
 * ("how do I restart the modem correctly" is not about the section "Measure correctly").
 */

// Closed word classes, in the four languages:
const FILLERS = new Set([
  // manner, in how-to questions: "restart it properly", "in che modo", "nel modo giusto";
  'correctly', 'properly', 'correctement', 'correttamente', 'modo', 'giusto', 'giusta', 'korrekt',
  // "do/make", which frames a how-to as it does in English (where the stop lists have it):
  // "comment on fait pour", "come si fa a", "wie mache ich das"; and "ça" pointing back;
  'fait', 'faire', 'fais', 'faites', 'font', 'fa', 'fare', 'faccio', 'fanno', 'mache', 'machen', 'macht', 'tun', 'tue', 'ca',
  // degree: "really slow", "vraiment lent", "davvero lento".
  'really', 'truly', 'extremely', 'vraiment', 'tres', 'trop', 'echt', 'davvero', 'molto', 'troppo',
  // discourse particles, which colour a sentence and say nothing about its topic ("was passiert
  // eigentlich, wenn…", "I basically just…", "alors, comment…", "comunque, quanto…"):
  'actually', 'basically', 'anyway', 'literally', 'honestly', 'kinda',
  'eigentlich', 'grad', 'halt', 'irgendwie', 'bloss', 'ziemlich', 'sowieso', 'uberhaupt',
  'donc', 'alors', 'justement', 'carrement', 'enfin',
  'praticamente', 'comunque', 'magari', 'insomma',
]);

/**
 * The folded filler words of a question; with `when`, its time expressions too. Ranking keeps
 * those ("the technician didn't come today" may be the article that says "today"); deciding
 * whether a passage answers does not need them stated.
 */
export function fillerWords(text: string, lang: TextLanguage, { when = false }: { when?: boolean } = {}): Set<string> {
  const words = when ? timeExpressionWords(text, lang) : new Set<string>();
  for (const word of tokenize(text)) if (FILLERS.has(word)) words.add(word);
  for (const word of courtesyWords(text)) words.add(word);
  return words;
}

// How people open and close a message to a company, in the four languages (folded): "Sehr
// geehrte Damen und Herren, …", "Good afternoon. …", "Bonsoir, …", "… Cordiali saluti".
const OPENING =
  /^(?:sehr geehrte damen und herren|sehr geehrter? (?:frau|herr)|liebes? (?:\p{L}+[- ])?team|guten (?:tag|morgen|abend)|gruezi(?: mitenand)?|gruessech|hallo(?: zusammen)?|hoi(?: zusammen)?|servus|dear (?:sir or madam|sir|madam|(?:\p{L}+[- ])?team)|good (?:morning|afternoon|evening)|hello(?: there)?|hi(?: there)?|hey(?: there)?|madame,? monsieur|madame|monsieur|bonjour(?: a tous)?|bonsoir|salut|gentili signori|gentile (?:assistenza|servizio clienti)|buongiorno|buonasera|salve|ciao)(?=[\s,.!:;]|$)/u;
const CLOSING =
  /(?:mit freundlichen gr(?:u|ue)ssen|freundliche gr(?:u|ue)sse|liebe gr(?:u|ue)sse|(?:vielen )?dank(?: im voraus)?|best regards|kind regards|regards|thanks?(?: you)?(?: in advance)?|cordialement|bien a vous|merci(?: d'avance| beaucoup)?|cordiali saluti|distinti saluti|grazie(?: mille| in anticipo)?)[\s.!]*$/u;

/**
 * The words of a message's opening salutation and closing formula: courtesy, not topic. A
 * customer's words the articles never use weigh as the rarest, so "Sehr geehrte Damen und
 * Herren" would otherwise decide which passage answers.
 */
export function courtesyWords(text: string): string[] {
  const folded = fold(text).replace(/[’`]/g, "'").trim();
  const opening = OPENING.exec(folded)?.[0] ?? '';
  const closing = CLOSING.exec(folded)?.[0] ?? '';
  return [...tokenize(opening), ...(closing.length < folded.length ? tokenize(closing) : [])];
}

// "for the rest of this month", "für den Rest des Monats", "pour le reste du mois", "per il resto
// del mese": a span of time up to the end of a period (chrono reads at most "this month" of it).
const REST_OF_PERIOD: Record<TextLanguage, RegExp> = {
  en: /(?<![\p{L}\d])rest of (?:the|this|that|my|your) (?:day|week|month|year)(?![\p{L}\d])/gu,
  de: /(?<![\p{L}\d])rest (?:des|der|dieses|diesen|dieser) (?:tages|woche|monats|jahres)(?![\p{L}\d])/gu,
  fr: /(?<![\p{L}\d])reste (?:du|de la|de ce|de cette|de l'|de mon|de ma) ?(?:jour|journee|semaine|mois|annee)(?![\p{L}\d])/gu,
  it: /(?<![\p{L}\d])resto (?:del|della|di questo|di questa|dell') ?(?:giorno|giornata|settimana|mese|anno)(?![\p{L}\d])/gu,
};

/**
 * Words that say when something happens to the customer ("tonight", "since this morning", "seit
 * heute Morgen", "depuis ce matin", "da stamattina"), found by chrono's casual parser in the
 * question's language. They date the problem; they are not what the answer must state, and an
 * article rarely repeats them. Expressions with a number ("after 30 days", "on 3 March") are
 * kept: those often are the fact asked about.
 */
export function timeExpressionWords(text: string, lang: TextLanguage): Set<string> {
  const words = new Set<string>();
  for (const expression of timeExpressions(text, lang)) {
    if (/\d/.test(expression)) continue;
    for (const word of tokenize(expression)) words.add(word);
  }
  for (const span of fold(text).match(REST_OF_PERIOD[lang]) ?? []) for (const word of tokenize(span)) words.add(word);
  return words;
}
