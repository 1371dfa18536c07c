import { z } from 'zod';

/**
 * Key facts of a golden answer: short strings a right answer must state (an amount, a duration,
 * a menu path, a plan name). A fact is one string, or a list of alternatives where languages or
 * articles write it differently; any one alternative states it.
 */

const factText = z.string().trim().min(1, 'a fact cannot be empty').max(200, 'a fact is a short string (at most 200 characters)');
export const factSchema = z.union([factText, z.array(factText).min(1, 'a fact needs at least one alternative').max(10)]);
export const factsSchema = z.array(factSchema).max(20, 'at most 20 facts');

export type Fact = z.infer<typeof factSchema>;

export function alternatives(fact: Fact): string[] {
  return typeof fact === 'string' ? [fact] : fact;
}

/**
 * Text as facts are compared: lower case, accents folded, ß → ss, typographic quotes and dashes
 * made plain, decimal commas made points ("0,15" = "0.15"), thousands separators dropped
 * ("1'000" = "1 000" = "1000"), whitespace collapsed.
 */
export function normaliseForFacts(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”«»„]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/(\d)[' \u00a0\u202f](?=\d{3}(?!\d))/g, '$1')
    .replace(/(\d),(?=\d)/g, '$1.')
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the text states the fact: one alternative occurs in it, not inside a longer word or number. */
export function statesFact(text: string, fact: Fact): boolean {
  const haystack = normaliseForFacts(text);
  return alternatives(fact).some((alternative) => {
    const needle = normaliseForFacts(alternative);
    if (!needle) return false;
    // "5" must not match inside "15" or "5.5"; "Box" must not match inside "Boxes".
    const before = /^[\p{L}\d]/u.test(needle) ? String.raw`(?<![\p{L}\d]|\d\.)` : '';
    const after = /[\p{L}\d]$/u.test(needle) ? String.raw`(?![\p{L}\d]|\.\d)` : '';
    return new RegExp(`${before}${escapeRegExp(needle)}${after}`, 'u').test(haystack);
  });
}

/** The facts the text leaves out. */
export function missingFacts(text: string, facts: readonly Fact[]): Fact[] {
  return facts.filter((fact) => !statesFact(text, fact));
}

/** A fact as one line of the golden editor: alternatives joined by " | ". */
export function formatFact(fact: Fact): string {
  return alternatives(fact).join(' | ');
}

/** The golden editor's lines back to facts: one fact per line, alternatives split on "|". */
export function parseFactLines(text: string): Fact[] {
  return text
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()).filter(Boolean))
    .filter((parts) => parts.length > 0)
    .map((parts) => (parts.length === 1 ? parts[0]! : parts));
}
