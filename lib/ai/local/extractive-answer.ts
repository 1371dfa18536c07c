import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { unescapeXml } from './xml';
import { PHRASES } from './phrases';
import { asTextLanguage, contentTerms, tokenize, type TextLanguage } from './text';

/**
 * How the built-in language model answers a grounded question: it reads the numbered sources
 * from the prompt, finds the passage (a few consecutive sentences, a list or a table) that
 * covers most of the question's telling words, weighted by how rare each word is, and quotes it
 * with its citation, framed in the customer's language. When no passage covers enough of the
 * question it says it does not know, citing nothing — which the citation check turns into the
 * no-answer reply.
 */

export type PromptSource = { n: number; title: string; heading: string | null; lang: TextLanguage | undefined; content: string };
export type AnswerPrompt = { lang: TextLanguage; question: string; standalone: string; sources: PromptSource[] };

// Words that frame a question rather than say what it is about ("why", "does it", "what happens").
const QUESTION_WORDS = new Set(
  [
    'why', 'when', 'where', 'which', 'does', 'did', 'doe', 'dont', 'want', 'need', 'happen', 'happens', 'anything', 'something', 'its',
    'wann', 'wieso', 'weshalb', 'etwas', 'bekomme', 'bekommen', 'brauche', 'passiert',
    'pourquoi', 'quand', 'comment', 'quoi', 'quelque', 'chose', 'faut', 'dois', 'veux',
    'perche', 'quando', 'qualcosa', 'devo', 'voglio', 'succede',
  ].map((w) => w),
);

function questionTerms(text: string, lang: TextLanguage, knownTerm?: (term: string, lang: TextLanguage) => boolean): string[] {
  // "box5" is how people type "Box 5" — unless the corpus itself writes it that way ("IPv6").
  const words = tokenize(text)
    .flatMap((w) => {
      const glued = /^(\p{L}{2,})(\d{1,2})$/u.exec(w);
      return glued && knownTerm && !knownTerm(w, lang) ? [glued[1]!, glued[2]!] : [w];
    })
    .filter((w) => !QUESTION_WORDS.has(w));
  return [...new Set(contentTerms(words.join(' '), lang))];
}

/** Stems that differ only in their ending ("riavviare" / "riavvio") still count as the same word. */
function hasTerm(terms: Set<string>, term: string): boolean {
  if (terms.has(term)) return true;
  if (term.length < 5 || /\d/.test(term)) return false;
  const prefix = term.slice(0, Math.max(5, Math.ceil(term.length * 0.75)));
  for (const t of terms) if (t.startsWith(prefix) || (t.length >= 5 && term.startsWith(t))) return true;
  return false;
}

export type TermWeight = (term: string, lang: TextLanguage) => number;

export type ComposeOptions = {
  /** IDF of a stemmed term; rare words decide whether a passage answers the question. */
  termWeight?: TermWeight;
  /** Share of the question's weighted terms the chosen passage must cover. */
  minCoverage?: number;
  /** Whether the corpus uses a term at all. */
  knownTerm?: (term: string, lang: TextLanguage) => boolean;
};

export const DEFAULT_MIN_COVERAGE = 0.5;
const MAX_WINDOW = 3;
const MAX_LIST_ITEMS = 8;
const HEADING_CREDIT = 1.0;
/** How much the retrieval order counts against coverage when picking the passage to quote. */
const RANK_PRIOR = 0.2;
const SECONDARY_MIN_TERMS = 2;

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeXml(match[1] ?? '') : undefined;
}

function lastUserText(prompt: LanguageModelV4Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role === 'user') return message.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
  }
  return '';
}

/** Reads the pipeline's prompt (lib/rag/prompt.ts); null when the prompt carries no sources. */
export function parseAnswerPrompt(prompt: LanguageModelV4Prompt): AnswerPrompt | null {
  const text = lastUserText(prompt);
  const questionMatch = /<question lang="(\w+)">([\s\S]*?)<\/question>/.exec(text);
  if (!questionMatch || !text.includes('<sources>')) return null;
  const lang = asTextLanguage(questionMatch[1]) ?? 'en';
  const question = unescapeXml(questionMatch[2] ?? '').trim();
  const standaloneMatch = /<standalone-question[^>]*>([\s\S]*?)<\/standalone-question>/.exec(text);
  const sources: PromptSource[] = [];
  for (const match of text.matchAll(/<source(\s[^>]*)>\n?([\s\S]*?)\n?<\/source>/g)) {
    const tag = match[1] ?? '';
    const n = Number(attribute(tag, 'id'));
    if (!Number.isInteger(n)) continue;
    sources.push({
      n,
      title: attribute(tag, 'title') ?? '',
      heading: attribute(tag, 'heading') ?? null,
      lang: asTextLanguage(attribute(tag, 'lang')),
      content: unescapeXml(match[2] ?? ''),
    });
  }
  return { lang, question, standalone: standaloneMatch ? unescapeXml(standaloneMatch[1] ?? '').trim() : question, sources };
}

type Unit = { text: string; kind: 'sentence' | 'item' | 'table' | 'lead'; terms: Set<string> };

/** A source's content as quotable units: sentences, list items, whole tables. */
export function splitUnits(content: string, lang: TextLanguage | undefined): Unit[] {
  const units: Omit<Unit, 'terms'>[] = [];
  const lines = content.replace(/^Q: .*\nA: /, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (!line || /^#{1,6}\s/.test(line)) continue;
    if (line.startsWith('|')) {
      const rows = [line];
      while ((lines[i + 1] ?? '').trim().startsWith('|')) rows.push((lines[++i] ?? '').trim());
      units.push({ text: rows.join('\n'), kind: 'table' });
    } else if (/^(?:[-*+]|\d+[.)])\s+/.test(line)) {
      units.push({ text: line, kind: 'item' });
    } else {
      const sentences = line.split(/(?<=[.!?])\s+(?=[\p{Lu}\d«"“(])/u);
      sentences.forEach((sentence, j) => {
        const lead = j === sentences.length - 1 && /:$/.test(sentence);
        units.push({ text: sentence, kind: lead ? 'lead' : 'sentence' });
      });
    }
  }
  return units.map((u) => ({ ...u, terms: new Set(contentTerms(u.text, lang)) }));
}

type Window = {
  source: PromptSource;
  units: Unit[];
  coverage: number;
  covered: Set<string>;
  rank: number;
  /** The passage's opening sentence, when the quote starts later: it usually states the gist. */
  lead?: Unit;
};

function coverageOf(terms: string[], weights: Map<string, number>, inText: Set<string>, inHeading: Set<string>) {
  let total = 0;
  let got = 0;
  const covered = new Set<string>();
  for (const t of terms) {
    const w = weights.get(t) ?? 1;
    total += w;
    if (hasTerm(inText, t)) {
      got += w;
      covered.add(t);
    } else if (hasTerm(inHeading, t)) {
      // The passage sits under a title or heading about this word: it is on topic.
      got += w * HEADING_CREDIT;
      covered.add(t);
    }
  }
  return { coverage: total === 0 ? 0 : got / total, covered };
}

function bestWindow(source: PromptSource, terms: string[], weights: Map<string, number>, rankBonus: number): Window | null {
  const units = splitUnits(source.content, source.lang);
  const heading = new Set(contentTerms(`${source.title} ${source.heading ?? ''}`, source.lang));
  let best: (Window & { score: number }) | null = null;
  for (let start = 0; start < units.length; start++) {
    const inText = new Set<string>();
    for (let size = 1; size <= MAX_WINDOW && start + size <= units.length; size++) {
      for (const t of units[start + size - 1]!.terms) inText.add(t);
      const { coverage, covered } = coverageOf(terms, weights, inText, heading);
      // Shorter passages win ties; later (more relevant) sources win near-ties.
      const score = coverage - 0.06 * (size - 1) + 0.03 * rankBonus;
      if (!best || score > best.score) best = { source, units: units.slice(start, start + size), coverage, covered, score, rank: rankBonus };
    }
  }
  if (!best) return null;
  const chosen = extendWindow(units, best.units);
  const opening = units[0]!;
  const lead =
    chosen[0] !== opening && opening.kind === 'sentence' && terms.some((t) => hasTerm(opening.terms, t)) ? opening : undefined;
  return { ...best, units: chosen, lead };
}

/** A lead-in ("Do this:") brings its list; a list item brings its siblings and lead-in. */
function extendWindow(all: Unit[], chosen: Unit[]): Unit[] {
  const first = all.indexOf(chosen[0]!);
  let start = first;
  let end = first + chosen.length;
  if (chosen[0]!.kind === 'item') {
    while (start > 0 && all[start - 1]!.kind === 'item' && first - start < MAX_LIST_ITEMS) start--;
    if (start > 0 && all[start - 1]!.kind === 'lead') start--;
  }
  if (all[end - 1]!.kind === 'lead' || all[end - 1]!.kind === 'item') {
    while (end < all.length && all[end]!.kind === 'item' && end - start < MAX_LIST_ITEMS + 1) end++;
  }
  return all.slice(start, end);
}

/** Sentences become one paragraph with one citation; list items and tables keep their lines. */
function quote(units: Unit[], n: number): string {
  const lines: string[] = [];
  let paragraph: string[] = [];
  const closeParagraph = (cite: boolean) => {
    if (paragraph.length) lines.push(cite ? `${paragraph.join(' ')} [${n}]` : paragraph.join(' '), '');
    paragraph = [];
  };
  units.forEach((unit, i) => {
    const next = units[i + 1];
    if (unit.kind === 'sentence' || unit.kind === 'lead') {
      paragraph.push(unit.text);
      // A lead-in ("Do this:") is cited by the list it introduces.
      if (unit.kind === 'lead' && next?.kind === 'item') closeParagraph(false);
      return;
    }
    closeParagraph(true);
    if (unit.kind === 'table') {
      lines.push(unit.text, '', `[${n}]`, '');
    } else if (next?.kind === 'item') {
      lines.push(unit.text);
    } else {
      lines.push(`${unit.text} [${n}]`, '');
    }
  });
  closeParagraph(true);
  return lines.join('\n').trim();
}

export type ComposedAnswer = { text: string; grounded: boolean; coverage: number; cited: number[] };

export function composeAnswer(prompt: AnswerPrompt, options: ComposeOptions = {}): ComposedAnswer {
  const { lang } = prompt;
  const phrases = PHRASES[lang];
  const terms = questionTerms(prompt.standalone, lang, options.knownTerm);
  const weights = new Map(terms.map((t) => [t, options.termWeight?.(t, lang) ?? 1]));
  const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;
  const windows = prompt.sources
    .map((source, i) => bestWindow(source, terms, weights, prompt.sources.length > 1 ? i / (prompt.sources.length - 1) : 1))
    .filter((w): w is Window => w !== null);
  // Retrieval ranked the sources (most relevant last); coverage decides among close ones.
  const primary = windows.reduce<Window | null>(
    (best, w) => (!best || w.coverage + RANK_PRIOR * w.rank > best.coverage + RANK_PRIOR * best.rank ? w : best),
    null,
  );
  if (terms.length === 0 || !primary) return { text: phrases.unknown, grounded: false, coverage: 0, cited: [] };
  // A second passage when it covers telling words the first one missed (multi-part questions).
  const missing = terms.filter((t) => !primary.covered.has(t));
  const secondary =
    missing.length === 0
      ? undefined
      : windows
          // In the customer's language, and a second part of the question, not one stray word of it.
          .filter((w) => w.source.title !== primary.source.title && (!w.source.lang || w.source.lang === lang))
          .map((w) => ({ w, gain: coverageOf(missing, weights, new Set(w.units.flatMap((u) => [...u.terms])), new Set()) }))
          .filter((c) => c.gain.coverage >= 0.5 && c.gain.covered.size >= SECONDARY_MIN_TERMS)
          .sort((a, b) => b.gain.coverage - a.gain.coverage)[0];
  const covered = new Set([...primary.covered, ...(secondary?.gain.covered ?? [])]);
  const total = terms.reduce((sum, t) => sum + (weights.get(t) ?? 1), 0);
  const coverage = terms.reduce((sum, t) => sum + (covered.has(t) ? (weights.get(t) ?? 1) : 0), 0) / total;
  if (coverage < minCoverage) return { text: phrases.unknown, grounded: false, coverage, cited: [] };
  // The intro names and cites the source up front, so the answer can stream from its first words.
  const parts = [phrases.intro(primary.source.title, `[${primary.source.n}]`)];
  if (primary.lead) parts.push(`${primary.lead.text} [${primary.source.n}]`);
  parts.push(quote(primary.units, primary.source.n));
  if (primary.source.lang && primary.source.lang !== lang) parts.push(phrases.otherLanguage);
  const cited = [primary.source.n];
  if (secondary) {
    parts.push(phrases.seeAlso(secondary.w.source.title), quote(secondary.w.units, secondary.w.source.n));
    cited.push(secondary.w.source.n);
  }
  return { text: parts.join('\n\n'), grounded: true, coverage, cited };
}
