import { fold, termOf, tokenize, type TextLanguage } from '@/lib/ai/local/text';

/**
 * Search synonyms: the company's words for the words customers use ("router" and "modem" for
 * "Box", "WLAN" for "Wi-Fi"). Written in the Solr synonyms format that search teams know:
 *
 *   # a comment
 *   router, modem, box           equivalent: any of them also searches the others
 *   wlan, wireless => wi-fi      one-way: "wlan" also searches "wi-fi", not the other way round
 *
 * An entry is a word or a phrase; phrases match as consecutive words, case and accents aside.
 * Synonyms widen what a question can match; they never replace the customer's own words.
 */

export type SynonymRule = { from: string[][]; to: string[][] };
export type SynonymProblem = { line: number; message: string };

/** The longest synonyms text accepted (the settings row's own bound, lib/db/queries/settings.ts, matches it). */
export const SYNONYMS_MAX_CHARS = 20_000;
const MAX_RULES = 2000;
const MAX_ENTRY_WORDS = 4;

function entries(side: string): string[][] {
  return side
    .split(',')
    .map((entry) => tokenize(entry).map(fold))
    .filter((words) => words.length > 0);
}

/** Parses the rules; a line that cannot be read is reported with its number and skipped. */
export function parseSynonyms(text: string): { rules: SynonymRule[]; problems: SynonymProblem[] } {
  const rules: SynonymRule[] = [];
  const problems: SynonymProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const hash = raw.indexOf('#');
    const line = (hash === -1 ? raw : raw.slice(0, hash)).trim();
    if (!line) return;
    const problem = (message: string) => problems.push({ line: i + 1, message });
    const sides = line.split('=>');
    if (sides.length > 2) return problem('use "=>" at most once per line');
    const left = entries(sides[0]!);
    const right = sides.length === 2 ? entries(sides[1]!) : left;
    if (left.some((e) => e.length > MAX_ENTRY_WORDS) || right.some((e) => e.length > MAX_ENTRY_WORDS)) {
      return problem(`an entry has more than ${MAX_ENTRY_WORDS} words`);
    }
    if (sides.length === 2 && (left.length === 0 || right.length === 0)) return problem('write words on both sides of "=>"');
    if (sides.length === 1 && left.length < 2) return problem('list at least two words separated by commas, or use "=>"');
    if (rules.length >= MAX_RULES) return problem(`at most ${MAX_RULES} rules`);
    rules.push({ from: left, to: right });
  });
  return { rules, problems };
}

function findsAt(words: string[], entry: string[]): number[] {
  const at: number[] = [];
  for (let i = 0; i + entry.length <= words.length; i++) {
    if (entry.every((w, j) => words[i + j] === w)) at.push(i);
  }
  return at;
}

export type ExpandedQuery = {
  /** The question with the synonyms of its words appended (for the index legs and the embedding). */
  text: string;
  /** Per stem of a question word, the stems that count as that word (for the reranker). */
  alternatives: Record<string, string[]>;
  /** The words added, for traces. */
  added: string[];
};

/** The question's words widened by the rules that apply to it. */
export function expandQuery(query: string, rules: SynonymRule[], lang: TextLanguage | undefined): ExpandedQuery {
  if (rules.length === 0) return { text: query, alternatives: {}, added: [] };
  const words = tokenize(query).map(fold);
  const added: string[] = [];
  const alternatives = new Map<string, Set<string>>();
  for (const rule of rules) {
    for (const entry of rule.from) {
      const positions = findsAt(words, entry);
      if (positions.length === 0) continue;
      const others = rule.to.filter((to) => to.join(' ') !== entry.join(' '));
      for (const other of others) {
        const phrase = other.join(' ');
        if (!added.includes(phrase) && findsAt(words, other).length === 0) added.push(phrase);
        for (const word of entry) {
          const key = termOf(word, lang);
          const set = alternatives.get(key) ?? new Set<string>();
          for (const w of other) set.add(termOf(w, lang));
          alternatives.set(key, set);
        }
      }
    }
  }
  return {
    text: added.length > 0 ? `${query} ${added.join(' ')}` : query,
    alternatives: Object.fromEntries([...alternatives].map(([k, v]) => [k, [...v].filter((s) => s !== k)])),
    added,
  };
}
