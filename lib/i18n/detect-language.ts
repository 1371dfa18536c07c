import { francAll } from 'franc-min';
import { deu, eng, fra, ita } from 'stopword';
import type { Locale } from '@/lib/i18n/locales';

/** The languages Lantern answers in, with their PostgreSQL text-search configurations. */
export const TS_CONFIG: Record<Locale, string> = { en: 'english', de: 'german', fr: 'french', it: 'italian' };

const FRANC_TO_LOCALE: Record<string, Locale> = { eng: 'en', deu: 'de', fra: 'fr', ita: 'it' };

export function tsConfigFor(lang: string | undefined): string {
  return lang && lang in TS_CONFIG ? TS_CONFIG[lang as Locale] : 'simple';
}

// Function words are the surest sign of a language in a short message ("wie", "comment", "il").
// Words that are function words in several of our languages tell nothing and are dropped.
// Question words and auxiliaries the stop-word lists lack; customers' questions are full of them.
const EXTRA_FUNCTION_WORDS: Record<Locale, string[]> = {
  en: ['does', 'do', 'did', 'doesnt', 'dont', 'cant', 'can', 'my', 'how', 'why', 'when', 'what', 'is', 'are', 'the', 'i', 'im', 'should', 'would', 'could', 'will', 'get'],
  de: ['ich', 'mein', 'meine', 'meinen', 'wie', 'warum', 'wieso', 'wann', 'kann', 'ist', 'sind', 'nicht', 'kein', 'keine', 'bei', 'habe', 'muss', 'soll', 'geht'],
  fr: ['je', 'mon', 'ma', 'mes', 'comment', 'pourquoi', 'quand', 'est', 'les', 'des', 'pas', 'avec', 'pour', 'ai', 'dois', 'faire', 'peux', 'veux', 'quoi', 'chez'],
  it: ['io', 'mio', 'mia', 'come', 'perché', 'quando', 'il', 'gli', 'della', 'non', 'con', 'ho', 'sono', 'cosa', 'devo', 'fare', 'posso', 'vorrei'],
};

// Words another language's stop list has too, but that customers write in one language only:
// German "je" ("je nach Abo") is rare, French "je" starts most messages. Dropped as shared, "Si je
// résilie, je rends la box ?" was read as Italian on "si". (Most shared words are common in both:
// "il", "ma", "im", "will" stay out.)
const DECISIVE_WORDS: Partial<Record<Locale, string[]>> = { fr: ['je'] };

const FUNCTION_WORDS: Record<Locale, Set<string>> = (() => {
  const lists: Record<Locale, string[]> = {
    en: [...eng, ...EXTRA_FUNCTION_WORDS.en],
    de: [...deu, ...EXTRA_FUNCTION_WORDS.de],
    fr: [...fra, ...EXTRA_FUNCTION_WORDS.fr],
    it: [...ita, ...EXTRA_FUNCTION_WORDS.it],
  };
  const counts = new Map<string, number>();
  for (const list of Object.values(lists)) for (const w of new Set(list)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const unique = (lang: Locale) => new Set([...lists[lang].filter((w) => counts.get(w) === 1), ...(DECISIVE_WORDS[lang] ?? [])]);
  return { en: unique('en'), de: unique('de'), fr: unique('fr'), it: unique('it') };
})();

function functionWordVotes(text: string): Map<Locale, number> {
  const votes = new Map<Locale, number>();
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    for (const part of word.split("'")) {
      for (const [lang, words] of Object.entries(FUNCTION_WORDS) as [Locale, Set<string>][]) {
        if (words.has(part)) votes.set(lang, (votes.get(lang) ?? 0) + 1);
      }
    }
  }
  return votes;
}

/**
 * franc's best language, or undefined when another is nearly as likely (`margin`: the share of
 * the best score the runner-up must stay under). On a short text ("wifi password box 3") the
 * four languages score within a few percent of each other: that is noise, not a reading.
 */
function franc(text: string, margin = 1): Locale | undefined {
  const [best, second] = francAll(text, { only: Object.keys(FRANC_TO_LOCALE), minLength: 10 });
  if (!best || (second && second[1] >= margin * best[1])) return undefined;
  return FRANC_TO_LOCALE[best[0]];
}

/** For texts under 40 letters the runner-up must score under this share of the best. */
const SHORT_TEXT_MARGIN = 0.9;

export type LanguageOptions = {
  /** The conversation's or the page's language, for texts that cannot be told. */
  prior?: Locale;
  /** Which language's documents use these words (the corpus vocabulary), for short texts. */
  vocabulary?: (text: string, prior?: Locale) => Locale | undefined;
};

/**
 * Which of the supported languages a text is in, or undefined when it cannot be told (callers
 * then use a prior: the conversation's or the page's language). Several function words of one
 * language settle it; otherwise character statistics (franc, limited to our four languages)
 * decide longer texts, and for short ones — where statistics over a handful of letters are
 * mostly noise — a single function word, then the corpus vocabulary ("Zahlungsarten" only
 * occurs in German articles), then franc.
 */
export function detectLanguage(text: string, { prior, vocabulary }: LanguageOptions = {}): Locale | undefined {
  const votes = [...functionWordVotes(text).entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = votes;
  if (first && first[1] >= 2 && first[1] >= 2 * (second?.[1] ?? 0)) return first[0];
  const letters = text.replace(/\P{L}/gu, '').length;
  if (letters >= 40) {
    const lang = franc(text);
    if (lang) return lang;
  }
  if (first && (!second || first[1] > second[1])) return first[0];
  const byVocabulary = vocabulary?.(text, prior);
  if (byVocabulary) return byVocabulary;
  if (letters >= 15) {
    const lang = franc(text, SHORT_TEXT_MARGIN);
    if (lang) return lang;
  }
  return prior;
}
