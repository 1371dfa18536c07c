import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { unescapeXml } from './xml';
import { PHRASES } from './phrases';
import { askedPart, asTextLanguage, contentTerms, isFunctionTerm, fold, isAsking, isStopword, sentencesOf, tokenize, wordTokens, type TextLanguage } from './text';
import { allCueWords, answerKindFit, cueWords, holdsAnswerKind, statesNecessityOf, STRICT_KINDS, wantedAnswerKinds, type AnswerKind } from './answer-kind';
import { linkedPart, parseTable, renderTable, rowKey, sameHeader, type Table } from './tables';
import { isCountryGroup, withoutAbroadWhereNamed } from './country-groups';
import { withImpliedTerms } from './implied-terms';
import { caseItemOf } from './case-items';
import { fillerWords } from './filler-words';
import { QUESTION_WORDS } from './question-words';
import { processCache } from '@/lib/runtime/process-map';
import { questionParts } from './question-parts';
import { isSignpost } from './signposts';
import { quotedNames } from './quoted-names';
import { particleVerbs } from './particle-verbs';
import { negatedTerms } from './negated-words';
import { durationCase, statedDurations } from './duration-cases';
import { dayOfMonthCase, daysOfMonth } from './day-of-month-cases';
import { namedModels, namesOtherModel } from './named-models';
import { properNameTerms } from './proper-names';

/**
 * How the built-in language model answers a grounded question: it reads the numbered sources
 * from the prompt, finds the passage (a few consecutive sentences, a list, or table rows under
 * their header) that covers most of the question's telling words, weighted by how rare each word
 * is, and holds the kind of answer asked for (an amount for "how much", steps for "how do I"),
 * and quotes it with its citation, framed in the customer's language. When no passage covers
 * enough of the question, or none holds an amount, a duration or a contact the question asks
 * for, it says it does not know, citing nothing — which the citation check turns into the
 * no-answer reply. Better silent than wrong.
 */

export type PromptSource = {
  n: number;
  title: string;
  heading: string | null;
  /** The headings its own heading sits under: what the section is part of ("… on the Box 5"). */
  within?: string;
  lang: TextLanguage | undefined;
  content: string;
  /** Its place in the article (1 = the opening), when the whole article was passed. */
  section?: number;
};
export type AnswerPrompt = {
  lang: TextLanguage;
  question: string;
  standalone: string;
  sources: PromptSource[];
  /** The standalone question joins the question before with this follow-up. */
  followUp?: boolean;
  /** A later question of a message that asks several ("…, and does it cost anything?"): a follow-up within one message. */
  laterPart?: boolean;
};

function questionTerms(text: string, lang: TextLanguage, knownTerm?: (term: string, lang: TextLanguage) => boolean, cues: Set<string> = new Set()): string[] {
  // "my internet is really slow tonight": how much and when are not what the answer must state.
  const fillers = fillerWords(text, lang, { when: true });
  // "box5" is how people type "Box 5" — unless the corpus itself writes it that way ("IPv6").
  const words = wordTokens(text)
    .flatMap((w) => {
      const glued = /^(\p{L}{2,})(\d{1,2})$/u.exec(w);
      return glued && knownTerm && !knownTerm(w, lang) ? [glued[1]!, glued[2]!] : [w];
    })
    .filter((w) => !QUESTION_WORDS.has(w) && !cues.has(w) && !fillers.has(w))
    // "the second reminder" is the row "2. Reminder".
    .map((w) => ORDINALS[w] ?? w);
  return [...new Set(contentTerms(words.join(' '), lang))];
}

// Ordinal words as help articles number things ("2. Mahnung", "3rd reminder"). English "second"
// is left out: it is also a unit of time; so is Italian "prima", most often "before" ("prima di arrivare").
const ORDINALS: Record<string, string> = Object.fromEntries(
  (
    [
      ['1', ['first', '1st', 'erste', 'ersten', 'erster', 'premier', 'premiere', '1er', '1re', 'primo']],
      ['2', ['2nd', 'zweite', 'zweiten', 'zweiter', 'deuxieme', 'seconde', '2e', 'secondo', 'seconda']],
      ['3', ['third', '3rd', 'dritte', 'dritten', 'dritter', 'troisieme', '3e', 'terzo', 'terza']],
    ] as const
  ).flatMap(([digit, words]) => words.map((w) => [w, digit])),
);

/**
 * A message of several sentences, split into what it asks and the story around it: `unknown`,
 * the story's terms the help center never uses (they do not count at all), and `told`, its other
 * terms (they count only where the passage states them: they may confirm the topic, they do not
 * make an answerable question unanswerable). A message of one sentence has no story.
 */
type Story = { unknown: Set<string>; told: Set<string> };

function storyOf(message: string, lang: TextLanguage, knownTrouble: (term: string) => boolean, knownTerm?: (term: string, lang: TextLanguage) => boolean): Story {
  const none = { unknown: new Set<string>(), told: new Set<string>() };
  if (!knownTerm) return none;
  const sentences = sentencesOf(message);
  if (sentences.length < 2) return none;
  const asking = sentences.filter(isAsking);
  const asks = asking.length > 0 ? asking : sentences.slice(-1);
  const asked = new Set(asks.flatMap((s) => contentTerms(s, lang)));
  // The question itself must say something ("Was soll ich tun?" leaves the story to say what about).
  if (asked.size === 0) return none;
  const storySentences = sentences.filter((s) => !asks.includes(s));
  const told = storySentences.flatMap((s) => contentTerms(s, lang)).filter((t) => !asked.has(t));
  // "…, no travel pack.": what the customer says they do not have or did not do is not what they
  // ask about, and does not count at all — unless the articles name its absence as a trouble
  // («No internet connection»): "we have had no internet since yesterday" says what is wrong.
  const affirmed = new Set(storySentences.flatMap((s) => { const negated = negatedTerms(s, lang); return contentTerms(s, lang).filter((t) => !negated.has(t)); }));
  const denied = (t: string) => !affirmed.has(t) && !knownTrouble(t);
  const unknown = (t: string) => !knownTerm(t, lang) || denied(t);
  return { unknown: new Set(told.filter(unknown)), told: new Set(told.filter((t) => !unknown(t))) };
}

/**
 * A long message ("we have had the Box for ages, my wife put the card somewhere safe, what's our
 * Wi-Fi password?") is mostly the customer's own words, which no article repeats: a share of it
 * cannot be covered. It is answered when the passage covers several of its rarer words and is
 * from the article retrieval put first — two independent readings agree.
 */
const LONG_MESSAGE_TERMS = 8;
const LONG_MESSAGE_COVERED = 4;
const LONG_MESSAGE_WEIGHT = 14;

function enoughInLongMessage(terms: string[], covered: Set<string>, weights: Map<string, number>, primary: { rank: number }): boolean {
  if (terms.length < LONG_MESSAGE_TERMS || primary.rank < 1) return false;
  const got = terms.filter((t) => covered.has(t));
  return got.length >= LONG_MESSAGE_COVERED && got.reduce((sum, t) => sum + (weights.get(t) ?? 1), 0) >= LONG_MESSAGE_WEIGHT;
}

const MAX_ENDING = 3;
const NOUN_OF_ACTION = 'ung';
/** The longest stem the prefix rule of hasTerm leaves out. */
const SHORT_STEM = 4;
const NOUN_OR_VERB_CACHE_SIZE = 50_000;
const NOUN_OR_VERB = processCache<string, string>('answer.noun-or-verb', NOUN_OR_VERB_CACHE_SIZE);
/** "zahl" → "zahlung", "zahlung" → "zahl"; a longer stem, or one with a digit, → "" (matches no term). */
function nounOrVerbOf(term: string): string {
  let other = NOUN_OR_VERB.get(term);
  if (other === undefined) {
    const stem = term.endsWith(NOUN_OF_ACTION) ? term.slice(0, -NOUN_OF_ACTION.length) : undefined;
    other = /\d/.test(term) ? '' : stem !== undefined ? (stem.length > 0 && stem.length <= SHORT_STEM ? stem : '') : term.length <= SHORT_STEM ? `${term}${NOUN_OF_ACTION}` : '';
    NOUN_OR_VERB.set(term, other);
  }
  return other;
}
/** The shortest word that can stand before another in a compound ("Post" in "Postschalter"). */
const COMPOUND_MODIFIER = 3;

/** Stems that differ only in their ending ("riavviare" / "riavvio") still count as the same word. */
function hasTerm(terms: Set<string>, term: string): boolean {
  if (terms.has(term)) return true;
  // A German verb and the noun of its action: "wenn ich zahle" meets "nach der Zahlung" (a stem of
  // four letters or fewer, which the prefix rule below leaves out). Both forms are read from a cache:
  // this runs for every word of every passage weighed.
  if (term.length <= SHORT_STEM + NOUN_OF_ACTION.length && terms.has(nounOrVerbOf(term))) return true;
  if (term.length < 5 || /\d/.test(term)) return false;
  const prefix = term.slice(0, Math.max(5, Math.ceil(term.length * 0.75)));
  // A longer word counts when it only adds an ending ("riavvio" for "riavv"), not another word: a
  // passage about "Kündigung" does not state the "Kündigungsfrist".
  for (const t of terms) if (t.startsWith(prefix) || (t.length >= 5 && term.startsWith(t) && term.length - t.length <= MAX_ENDING)) return true;
  // A compound ending in the word is a kind of it: a "Bearbeitungsgebühr" is a "Gebühr", a
  // "Postschalter" a "Schalter".
  if (term.length >= 5) for (const t of terms) if (t.length >= term.length + COMPOUND_MODIFIER && t.endsWith(term)) return true;
  return false;
}

export type TermWeight = (term: string, lang: TextLanguage) => number;

export type ComposeOptions = {
  /** IDF of a stemmed term; rare words decide whether a passage answers the question. */
  termWeight?: TermWeight;
  /** Share of the question's weighted terms the chosen passage must cover. */
  minCoverage?: number;
  /**
   * The share asked when retrieval is not confident, when minCoverage is a relaxed one: what a
   * question naming something no article knows must still reach (see proper-names.ts).
   */
  usualCoverage?: number;
  /** Whether the corpus uses a term at all. */
  knownTerm?: (term: string, lang: TextLanguage) => boolean;
  /** Per stem of a question word, the stems of its synonyms: a passage using one covers the word. */
  alternatives?: Record<string, string[]>;
  /**
   * The title of the article whose title the question states (lib/rag/title-match.ts): its
   * passages are preferred, and quoting one needs no share of the customer's other words.
   */
  titled?: string;
  /** The title of the article the answer before quoted, for a follow-up about it: its passages are preferred. */
  followed?: string;
  /**
   * The model the answer is about ("Box 5"), when the turn settled it — named in the question or
   * known from the customer's account: sections about another model are passed over, as when the
   * question names it.
   */
  model?: string;
};

/** The set with every question word whose synonym it holds ("box" → also "modem"); the same set when none. */
function widenBySynonyms(terms: Set<string>, alternatives: Record<string, string[]>): Set<string> {
  let widened = terms;
  for (const [term, alts] of Object.entries(alternatives)) {
    if (widened.has(term) || !alts.some((a) => terms.has(a))) continue;
    if (widened === terms) widened = new Set(terms);
    widened.add(term);
  }
  return widened;
}

// A source's terms with the groups of countries it speaks of, computed once per source.
const TERMS_OF_SOURCE = new WeakMap<PromptSource, Set<string>>();
function sourceTerms(source: PromptSource): Set<string> {
  let terms = TERMS_OF_SOURCE.get(source);
  if (!terms) {
    const text = `${source.title} ${source.within ?? ''} ${source.heading ?? ''} ${source.content}`;
    terms = withImpliedTerms(new Set(contentTerms(text, source.lang)), text);
    TERMS_OF_SOURCE.set(source, terms);
  }
  return terms;
}

export const DEFAULT_MIN_COVERAGE = 0.5;
const MAX_WINDOW = 3;
/** A letter that names a size or a model ("Wave Mobile M"): it picks the row, it is not what the passage is about. */
const LETTER_WEIGHT = 0.2;
const MAX_LIST_ITEMS = 8;
const HEADING_CREDIT = 1.0;
/** How much the retrieval order counts against coverage when picking the passage to quote. */
const RANK_PRIOR = 0.4;
const SECONDARY_MIN_TERMS = 2;
/** Words of the story a passage must state when the asking sentence has none of its own. */
const TOLD_ONLY_MIN_TERMS = 3;
/** …or its section heading must state this many of them: the section is about the situation told. */
const TOLD_HEADING_MIN_TERMS = 2;
/** A section (one source) with at most this many units is quoted whole. */
const WHOLE_SECTION_UNITS = 12;
/** Another section of the same article is quoted too when it scores at least this share of the best. */
const SECOND_SECTION_SHARE = 0.8;
/** How much more a follow-up's own words weigh than the words carried over from the question before. */
const FOLLOW_UP_OWN_WEIGHT = 2;

/** What holding the kind of answer asked for is worth, against coverage (0..1). */
const KIND_BONUS = 0.3;
/** A term under the passage's own section heading, against one only in the article's title. */
const SECTION_BONUS = 0.15;
/** Words the passage states itself, against words it only sits under (the article's title). */
const OWN_WORDS_BONUS = 0.2;
/** For a passage that states a verb with the particle the question gives it ("used up"; lib/ai/local/particle-verbs.ts). */
const PARTICLE_VERB_BONUS = 0.3;
/** A section about another model than the one asked about ("Box 3" for "box 5"): off topic. */
const OTHER_MODEL_PENALTY = 1;
/** Help articles state their main answer first: the opening section earns this, the n-th 1/n of it. */
const POSITION_BONUS = 0.05;
/** An article whose title is what the asking sentence asks about ("Restart your Box 5" for "how do I restart the box?"). */
const TITLE_BONUS = 0.3;
/** Merit for a section whose heading names the kind of answer asked ("Costs", "Gebühren") and that holds one. */
const KIND_HEADING_BONUS = 0.3;
/** Merit for a passage that states a follow-up's own words in one unit (not spread over several). */
const TOGETHER_BONUS = 0.3;
/** Merit for a section whose heading the asking sentence states word for word (at least HEADING_PHRASE_MIN_WORDS words). */
const HEADING_PHRASE_BONUS = 0.3;
const HEADING_PHRASE_MIN_WORDS = 2;
/** A situation told: a table row whose key cell states the told state earns this much. */
const STATE_ROW_BONUS = 0.3;
/** … when its key cell states at least this many of the message's words ("red", "blinking"). */
const STATE_KEY_MIN_TERMS = 2;
/** What the article whose whole title the question states is worth besides (ComposeOptions.titled). */
const TITLED_BONUS = 0.3;
/** What the article the answer before quoted is worth to a follow-up about it (ComposeOptions.followed). */
const FOLLOWED_BONUS = 0.3;
/** The share of a title's words (by weight) the asking sentence must state for that. */
const TITLE_SHARE = 0.5;
/** For a passage that states the customer's case by their own numbers (and against one that states only other cases). */
const CASE_BONUS = 0.3;

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
    const section = Number(attribute(tag, 'section'));
    const within = attribute(tag, 'within');
    sources.push({
      n,
      ...(within ? { within } : {}),
      ...(Number.isInteger(section) && section > 0 ? { section } : {}),
      title: attribute(tag, 'title') ?? '',
      heading: attribute(tag, 'heading') ?? null,
      lang: asTextLanguage(attribute(tag, 'lang')),
      content: unescapeXml(match[2] ?? ''),
    });
  }
  const followUp = standaloneMatch ? /\sjoined="true"/.test(standaloneMatch[0].slice(0, standaloneMatch[0].indexOf('>'))) : false;
  return { lang, question, standalone: standaloneMatch ? unescapeXml(standaloneMatch[1] ?? '').trim() : question, sources, followUp };
}

type Unit = {
  text: string;
  kind: 'sentence' | 'item' | 'table' | 'row' | 'lead';
  terms: Set<string>;
  /** A table row: its table (shared by its sibling rows) and its cells. */
  table?: Table;
  cells?: string[];
  /** A table row's terms that are not its table's header words: what names this row, not the table. */
  ownTerms?: Set<string>;
  /** A case item's label terms ("- **Power LED stays orange …**: …", lib/ai/local/case-items.ts). */
  caseLabel?: Set<string>;
};

// The same help-center passages come back answer after answer: their units (and the stemming
// behind them) are kept, for a bounded number of passages. Units are never changed after this.
const UNIT_CACHE_SIZE = 4096;
// Process-wide: the startup warm-up fills it for the routes too (lib/runtime/process-map.ts).
const unitCache = processCache<string, readonly Unit[]>('answer.units', UNIT_CACHE_SIZE);

/** A source's content as quotable units: sentences, list items, table rows (a table without a header row stays whole). */
export function splitUnits(content: string, lang: TextLanguage | undefined): readonly Unit[] {
  const key = `${lang ?? ''}\u0000${content}`;
  const cached = unitCache.get(key);
  if (cached) return cached;
  const units = readUnits(content, lang);
  unitCache.set(key, units);
  return units;
}

function readUnits(content: string, lang: TextLanguage | undefined): Unit[] {
  const units: Omit<Unit, 'terms'>[] = [];
  const lines = content.replace(/^Q: .*\nA: /, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (!line || /^#{1,6}\s/.test(line)) continue;
    if (line.startsWith('|')) {
      const rows = [line];
      while ((lines[i + 1] ?? '').trim().startsWith('|')) rows.push((lines[++i] ?? '').trim());
      const table = parseTable(rows);
      if (table && table.rows.length > 0) {
        for (const row of table.rows) units.push({ text: `| ${row.join(' | ')} |`, kind: 'row', table, cells: row });
      } else {
        units.push({ text: rows.join('\n'), kind: 'table' });
      }
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
  return units.map((u) => {
    // "This article explains what happens when …" restates the question and answers none of it.
    if (u.kind === 'sentence' && isSignpost(u.text, lang)) return { ...u, terms: new Set<string>() };
    // A list item's number ("5. Click Apply") is its place in the list, not a word it states ("Box 5").
    const said = u.kind === 'item' ? u.text.replace(/^\d+[.)]\s+/, '') : u.text;
    const terms = withImpliedTerms(new Set([...contentTerms(said, lang), ...ordinalDigits(said)]), said);
    const caseItem = u.kind === 'item' ? caseItemOf(u.text, lang) : null;
    if (caseItem) return { ...u, terms, caseLabel: caseItem.labelTerms };
    if (!u.table) return { ...u, terms };
    // In a table whose columns are things (an empty corner cell: "| | Wave Phone Basic | Wave
    // Phone Flat |"), a row is read with its header ("Calls to Swiss mobiles" under "Wave Phone
    // Basic"); a header of attributes ("Pack | Zone | Price") names no row. What names the row is
    // its own cells, not the header's words nor a menu path ("… > Payment method"). (Every row
    // read with its header's words was tried again on 29 Nov: "the upload speed of Wave Home 500"
    // found its cell, but "Combien coûtent les frais de rappel ?" then quoted the free first
    // reminder alone — every row covered "frais".)
    const header = new Set(contentTerms(u.table.header.join(' '), lang));
    const columnsAreThings = (u.table.header[0] ?? '').trim() === '';
    const named = (u.cells ?? []).filter((cell) => !/[>›→]/u.test(cell)).join(' ');
    return { ...u, terms: columnsAreThings ? new Set([...terms, ...header]) : terms, ownTerms: withImpliedTerms(new Set([...contentTerms(named, lang), ...ordinalDigits(named)].filter((t) => !header.has(t))), named) };
  });
}

/** "2nd reminder", "2e rappel", "1er rappel" also name the digit, as the question's "second reminder" does (the word stays: "prima" is also "before"). */
function ordinalDigits(text: string): string[] {
  return tokenize(text).flatMap((w) => (ORDINALS[w] ? [ORDINALS[w]] : []));
}

type Window = {
  source: PromptSource;
  units: Unit[];
  coverage: number;
  covered: Set<string>;
  rank: number;
  /** How well it holds (itself or through its link) the kind of answer asked for, 0..1. */
  kindFit: number;
  /** Holds an amount, duration or contact the question asks for. */
  holdsStrictKind: boolean;
  /** Share of the question's weight its section heading carries. */
  sectionShare: number;
  /** Its title or headings name another model than the question does ("Box 3" for "box 5"). */
  otherModel?: boolean;
  /** Share of the question's weight the passage or its section heading states (not the title). */
  own: number;
  /** The passage's opening sentence, when the quote starts later: it usually states the gist. */
  lead?: Unit;
  /** What a table keyed by the quoted rows says about them ("Zone 1" → its prices). */
  link?: Link;
  /** 1 when it states the customer's case by their own numbers (a time limit their durations meet, a range of days holding their day of the month), −1 when it states only other cases (duration-cases.ts, day-of-month-cases.ts). */
  customerCase: number;
};

/** `terms`: the question words the linked part states ("Data per MB" of the "Zone 2" column), counted with the row's. */
type Link = { source: PromptSource; part: Table; fit: number; strict: boolean; terms: Set<string> };

/** A unit with what it holds of the kind of answer asked for, judged once per answer. */
type JudgedUnit = Unit & { fit: number; strict: boolean; link?: Link };

/** A source read once: its units, judged. */
type ReadSource = { source: PromptSource; units: JudgedUnit[] };

function holdsKinds(text: string, kinds: AnswerKind[], only?: ReadonlySet<AnswerKind>): boolean {
  return kinds.some((k) => (!only || only.has(k)) && holdsAnswerKind(text, k));
}

function kindFit(text: string, kinds: AnswerKind[]): number {
  return kinds.reduce((best, k) => Math.max(best, answerKindFit(text, k)), 0);
}

/** For a table row that does not hold the answer, the part of another table of the article keyed by it. */
function findLink(unit: Unit, source: PromptSource, kinds: AnswerKind[], tables: { source: PromptSource; table: Table }[]): Link | undefined {
  const key = unit.kind === 'row' && unit.cells ? rowKey(unit.cells) : null;
  if (!key) return undefined;
  for (const other of tables) {
    if (other.table === unit.table || other.source.title !== source.title) continue;
    // A table with the same header is a sibling list (the Power LED's colours, the Wi-Fi LED's),
    // not one keyed by this row: its "Off" row is about something else.
    if (unit.table && sameHeader(other.table, unit.table)) continue;
    const part = linkedPart(other.table, key);
    if (!part) continue;
    const text = renderTable(part);
    if (holdsKinds(text, kinds)) return { source: other.source, part, fit: kindFit(text, kinds), strict: holdsKinds(text, kinds, STRICT_KINDS), terms: new Set(contentTerms(text, other.source.lang)) };
  }
  return undefined;
}

/** How well a row of a table with a "What to do" column holds steps: as a single menu path does. */
const ROW_REMEDY_FIT = 0.5;

/** At least this many rows make a table a list of offers to choose from. */
const MIN_OFFERS = 2;

/** An offer's name is short ("Travel World 3 GB", "Wave Mobile Unlimited"), not a sentence. */
const MAX_OFFER_WORDS = 6;

/**
 * The offers an article's tables name, per title, as word sequences: the first cells of a table
 * whose every row has a price ("Pack | Zone | Data | Valid | Price": "Travel World 3 GB"). A
 * table without prices lists states or causes (the LED colours), not things to choose; one with an
 * empty first header compares things in its columns instead.
 */
function offersByTitle(tables: { source: PromptSource; table: Table }[]): Map<string, string[]> {
  const offers = new Map<string, string[]>();
  for (const { source, table } of tables) {
    if ((table.header[0] ?? '').trim() === '' || table.rows.length < MIN_OFFERS) continue;
    if (!table.rows.every((row) => holdsAnswerKind(row.slice(1).join(' | '), 'amount'))) continue;
    const names = table.rows.map((row) => tokenize(row[0] ?? ''));
    if (names.some((name) => name.length === 0 || name.length > MAX_OFFER_WORDS || !name.some((w) => /\p{L}/u.test(w)))) continue;
    offers.set(source.title, [...new Set([...(offers.get(source.title) ?? []), ...names.map((name) => name.join(' '))])]);
  }
  return offers;
}

/** Whether a text names one of the offers, word for word. */
function namesOffer(text: string, offers: string[]): boolean {
  if (offers.length === 0) return false;
  const words = ` ${tokenize(text).join(' ')} `;
  return offers.some((offer) => words.includes(` ${offer} `));
}

/** Every source split into units, each judged for the kinds asked for (and linked, for table rows). */
function readSources(sources: PromptSource[], kinds: AnswerKind[]): ReadSource[] {
  const split = sources.map((source) => ({ source, units: splitUnits(source.content, source.lang) }));
  const tables = kinds.length === 0 ? [] : split.flatMap(({ source, units }) => [...new Set(units.flatMap((u) => (u.table ? [u.table] : [])))].map((table) => ({ source, table })));
  // "Which data pack should I book?": a passage that names one of the article's offers answers
  // (the example's "Book **Travel World 3 GB**", the row of the pack table), not the booking steps.
  const offers = kinds.includes('option') ? offersByTitle(tables) : new Map<string, string[]>();
  return split.map(({ source, units }) => {
    // "cant log in": the section about login problems (its heading read once per source).
    const troubleSection = kinds.includes('trouble') && isTroubleHeading(source.heading ?? '');
    return {
      source,
      units: units.map((unit) => {
        const strict = holdsKinds(unit.text, kinds, STRICT_KINDS);
        const link = kinds.length === 0 || strict ? undefined : findLink(unit, source, kinds, tables);
        // A row of a table with a "What to do" column holds what to do about its item, as a menu path does.
        const fit = Math.max(
          kindFit(unit.text, kinds),
          kinds.includes('steps') && unit.table?.header.some(isRemedyHeading) ? ROW_REMEDY_FIT : 0,
          namesOffer(unit.text, offers.get(source.title) ?? []) ? 1 : 0,
          // … or a table of problems and their fixes.
          troubleSection || (kinds.includes('trouble') && unit.table?.header.some(isTroubleHeading)) ? 1 : 0,
        );
        return { ...unit, fit, strict, ...(link ? { link } : {}) };
      }),
    };
  });
}

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

/** What a unit states for the question: a case item whose case the question names none of, only its label. */
function statedFor(unit: Unit, terms: string[]): Set<string> {
  return unit.caseLabel && !terms.some((t) => hasTerm(unit.caseLabel!, t)) ? unit.caseLabel : unit.terms;
}

/** 1 when a unit of the slice states the customer's case, −1 when one states another case and none theirs. */
function caseOfSlice(slice: Unit[], caseOf: (unit: Unit) => number): number {
  let other = false;
  for (const unit of slice) {
    const found = caseOf(unit);
    if (found === 1) return 1;
    if (found === -1) other = true;
  }
  return other ? -1 : 0;
}

function bestWindow(
  { source, units }: ReadSource,
  terms: string[],
  weights: Map<string, number>,
  rankBonus: number,
  widen: (set: Set<string>) => Set<string> = (set) => set,
  unnamed: (set: Set<string>, text: string, lang: TextLanguage | undefined) => Set<string> = (set) => set,
  naming: string[] = terms,
  caseOf?: (unit: Unit) => number,
): (Window & { score: number }) | null {
  const headingText = `${source.title} ${source.within ?? ''} ${source.heading ?? ''}`;
  const sectionText = `${source.within ?? ''} ${source.heading ?? ''}`;
  const heading = unnamed(widen(new Set(contentTerms(headingText, source.lang))), headingText, source.lang);
  const section = unnamed(widen(new Set(contentTerms(sectionText, source.lang))), sectionText, source.lang);
  const total = terms.reduce((sum, t) => sum + (weights.get(t) ?? 1), 0) || 1;
  const sectionShare = terms.reduce((sum, t) => sum + (hasTerm(section, t) ? (weights.get(t) ?? 1) : 0), 0) / total;
  let best: (Window & { score: number }) | null = null;
  for (let start = 0; start < units.length; start++) {
    const inText = new Set<string>();
    for (let size = 1; size <= MAX_WINDOW && start + size <= units.length; size++) {
      for (const t of statedFor(units[start + size - 1]!, terms)) inText.add(t);
      const slice = extendWindow(units, units.slice(start, start + size), naming);
      const holdsStrictKind = slice.some((u) => u.strict || u.link?.strict);
      // A row's link counts when the passage itself does not state what was asked; what the
      // linked part states is quoted with it, so it covers the question's words too.
      const link = slice.some((u) => u.strict) ? undefined : slice.find((u) => u.link)?.link;
      const stated = link ? new Set([...inText, ...link.terms]) : inText;
      const { coverage, covered } = coverageOf(terms, weights, stated, heading);
      const own = coverageOf(terms, weights, stated, section).coverage;
      const fit = Math.max(0, ...slice.map((u) => u.fit), link?.fit ?? 0);
      const customerCase = caseOf ? caseOfSlice(slice, caseOf) : 0;
      // Shorter passages win ties; later (more relevant) sources win near-ties; the kind of
      // answer asked for and a section heading about the question count for more.
      const score = coverage - 0.06 * (size - 1) + 0.03 * rankBonus + KIND_BONUS * fit + SECTION_BONUS * sectionShare + OWN_WORDS_BONUS * own + CASE_BONUS * customerCase;
      if (!best || score > best.score) best = { source, units: slice, coverage, covered, score, rank: rankBonus, kindFit: fit, holdsStrictKind, link, sectionShare, own, customerCase };
    }
  }
  if (!best) return null;
  // A short section is quoted whole: it is one topic, and the fact asked for is often a sentence
  // away from the words that matched. Table rows picked for the question stay alone (the row for
  // Italy, not every zone).
  const rowsPicked = best.units.some((u) => u.kind === 'row') && best.units.every((u) => u.kind === 'row' || u.kind === 'lead');
  if (!rowsPicked && units.length <= WHOLE_SECTION_UNITS && best.units.length < units.length) return { ...best, units };
  const opening = units[0]!;
  const lead =
    best.units[0] !== opening && opening.kind === 'sentence' && terms.some((t) => hasTerm(opening.terms, t)) ? opening : undefined;
  return { ...best, lead };
}

/**
 * A lead-in ("Do this:") brings its list; a list item brings its siblings and lead-in; table
 * rows the question does not name (its words are none of theirs, or only the header's: "payment
 * methods" in a table headed "Payment method") bring their table — it is on topic as a whole.
 */
function extendWindow<U extends Unit>(all: U[], chosen: U[], terms: string[]): U[] {
  const first = all.indexOf(chosen[0]!);
  if (chosen.every((u) => u.kind === 'row') && !chosen.some((u) => terms.some((t) => hasTerm(u.ownTerms ?? u.terms, t)))) {
    const table = chosen[0]!.table;
    return all.filter((u) => u.table === table);
  }
  let start = first;
  let end = first + chosen.length;
  // Rows named by the question bring their table's lead-in ("Open My Alpenwave > Phone > Call
  // barring:"): it says where the options in the table are.
  if (chosen.every((u) => u.kind === 'row')) {
    const top = all.findIndex((u) => u.table === chosen[0]!.table);
    const lead = top > 0 && all[top - 1]!.kind === 'lead' ? all[top - 1]! : undefined;
    if (lead) return [lead, ...all.slice(start, end)];
  }
  if (chosen[0]!.kind === 'item') {
    while (start > 0 && all[start - 1]!.kind === 'item' && first - start < MAX_LIST_ITEMS) start--;
    if (start > 0 && all[start - 1]!.kind === 'lead') start--;
  }
  if (all[end - 1]!.kind === 'lead' || all[end - 1]!.kind === 'item') {
    while (end < all.length && all[end]!.kind === 'item' && end - start < MAX_LIST_ITEMS + 1) end++;
  }
  return all.slice(start, end);
}

/** Sentences become one paragraph with one citation; list items and tables keep their lines; rows come under their header. */
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
    if (unit.kind === 'row') {
      const previous = units[i - 1];
      if (previous?.kind !== 'row' || previous.table !== unit.table) lines.push(renderTable({ header: unit.table!.header, rows: [] }));
      lines.push(unit.text);
      if (next?.kind !== 'row' || next.table !== unit.table) lines.push('', `[${n}]`, '');
    } else if (unit.kind === 'table') {
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

/** One question's answer before it is written out: the intro, the quoted paragraphs, the key details. */
type AnswerParts = {
  grounded: boolean;
  coverage: number;
  /** The share of this question's weight that a set of covered words makes up, and the words the answer covers. */
  share: (covered: Set<string>) => number;
  covered: Set<string>;
  cited: number[]; title: string;
  intro: string;
  body: string[];
  details: string[];
};

// Headings under which help articles say what to do: "What to do with a suspicious message", "Step 1: Block your SIM".
const REMEDY_HEADING = /^(?:what to do|what you can do|step 1\b|was tun|was sie tun|schritt 1\b|que faire|ce que vous pouvez faire|etape 1\b|cosa fare|che cosa fare|passo 1\b)/;

function isRemedyHeading(heading: string): boolean {
  return REMEDY_HEADING.test(fold(heading).trim());
}

// Headings and table columns about things going wrong: «Login problems», «Problems», «If you cannot
// log in», «Probleme beim Login», «Problèmes de connexion», «Problemi».
const TROUBLE_HEADING = /(?<![\p{L}\d])(?:problems?|trouble\w*|not working|cannot|can't|probleme?|storung(?:en)?|funktioniert nicht|problemes?|ne fonctionne pas|ne marche pas|problem[ai]|non funziona)(?![\p{L}\d])/u;

function isTroubleHeading(heading: string): boolean {
  return TROUBLE_HEADING.test(fold(heading));
}

/** At most this many sentences (or items) make a passage a pointer to another article. */
const POINTER_UNITS = 2;

function unitsText(units: Unit[]): string {
  return units.map((u) => u.text).join('\n');
}

/** Titles of the sources a passage names. */
function referredTitles(units: Unit[], sources: PromptSource[]): string[] {
  const named = quotedNames(unitsText(units));
  return [...new Set(sources.map((s) => s.title).filter((title) => named.has(fold(title).trim())))];
}

/** Numbered steps: at least two numbered list items (a bulleted list is options or facts, not an order). */
function isSteps(units: Unit[]): boolean {
  return units.filter((u) => u.kind === 'item' && answerKindFit(u.text, 'steps') === 1).length >= 2;
}

/** A heading's words a passage must state, at least, to be about what the heading names. */
const PREREQUISITE_MIN_TERMS = 2;

/**
 * An earlier section of the quoted passage's article that is numbered steps itself and whose
 * heading names what the quoted steps use: all its words but one (the verb, "QR-Code erhalten"),
 * PREREQUISITE_MIN_TERMS at least. What the customer must have done first.
 */
function prerequisiteOf(primary: Window, windows: Window[], lang: TextLanguage): Window | undefined {
  const at = primary.source.section;
  if (at === undefined) return undefined;
  const stated = new Set(primary.units.flatMap((u) => [...u.terms]));
  return windows.find((w) => {
    if (w.source.title !== primary.source.title || w.source.section === undefined || w.source.section >= at || !w.source.heading) return false;
    if (w.otherModel || (w.source.lang && w.source.lang !== lang) || !isSteps(w.units)) return false;
    const named = contentTerms(w.source.heading, w.source.lang ?? lang).filter((t) => !isFunctionTerm(t, lang));
    const used = named.filter((t) => hasTerm(stated, t)).length;
    return used >= PREREQUISITE_MIN_TERMS && used >= named.length - 1;
  });
}

/** A sentence that asks nothing: function words make it one (a bare topic, "cancel contract", has none), and no question mark. */
function reportsSituation(message: string): boolean {
  return !sentencesOf(message).some(isAsking) && tokenize(message).some((w) => isStopword(w));
}

/**
 * "Hab ne SMS bekommen, mit einem Link zu einer Rückerstattung. Wo kann ich sowas melden?": the
 * passage that matches the story (the article's list of scam messages) states none of the words
 * the asking sentence asks with — it tells the customer what they already told us. A message of
 * one sentence has no story to retell.
 */
function retellsStory(message: string, lang: TextLanguage, covered: Set<string>): boolean {
  if (sentencesOf(message).length < 2) return false;
  return !contentTerms(askedPart(message), lang).some((t) => !isFunctionTerm(t, lang) && covered.has(t));
}

/** Each source's rank, 0 (least relevant) .. 1: the sections of one article share the article's best. */
function sourceRanks(sources: PromptSource[]): number[] {
  const titles: string[] = [];
  for (const source of sources) {
    const at = titles.indexOf(source.title);
    if (at !== -1) titles.splice(at, 1);
    titles.push(source.title);
  }
  return sources.map((s) => (titles.length > 1 ? titles.indexOf(s.title) / (titles.length - 1) : 1));
}

// A capitalised word as typed ("My", "Alpenwave", "Wi-Fi").
const CAPITALISED_WORD = /^\p{Lu}[\p{L}\p{N}-]*$/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * A text's words (split at white space and apostrophes, punctuation around them trimmed), each
 * flagged when it is a capitalised word beside another with nothing but space between ("My
 * Alpenwave", not "Alpenwave. Box").
 */
function wordsInNames(text: string): { words: string[]; inName: boolean[]; joinsNext: boolean[] } {
  // Elided articles are their own words: "dell'Alpenwave Box 3".
  const raw = text.split(/[\s'’]+/);
  const words: string[] = [];
  const opens: boolean[] = [];
  const closes: boolean[] = [];
  for (const w of raw) {
    let start = 0;
    let end = w.length;
    while (start < end && !WORD_CHARACTER.test(w[start]!)) start++;
    while (end > start && !WORD_CHARACTER.test(w[end - 1]!)) end--;
    words.push(w.slice(start, end));
    opens.push(start === 0);
    closes.push(end === w.length);
  }
  const capitalised = words.map((w) => CAPITALISED_WORD.test(w));
  const joined = (i: number) => capitalised[i] === true && capitalised[i + 1] === true && closes[i] === true && opens[i + 1] === true;
  return { words, inName: capitalised.map((_, i) => joined(i - 1) || joined(i)), joinsNext: words.map((_, i) => joined(i)) };
}

type Name = { folded: string; terms: Set<string> };

/**
 * "Ho dimenticato la password di My Alpenwave": a name of capitalised words that the sources
 * write too is one thing, and a passage about the "Alpenwave Box 3" does not state it. The
 * question's names (each pair of capitalised words the sources write), with their terms.
 */
function namesIn(question: string, sources: PromptSource[], lang: TextLanguage): Name[] {
  const { words, joinsNext } = wordsInNames(question);
  const names: Name[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    if (!joinsNext[i]) continue;
    const phrase = `${words[i]} ${words[i + 1]}`;
    if (!sources.some((s) => s.title.includes(phrase) || s.content.includes(phrase))) continue;
    const terms = new Set(contentTerms(phrase, lang));
    if (terms.size > 0) names.push({ folded: fold(phrase), terms });
  }
  return names;
}

/**
 * The set without the terms a text states only inside other names: a passage about the
 * "Alpenwave Box 3" states "Alpenwave", but not "My Alpenwave" (the same set when nothing changes).
 */
function withoutOtherNames(set: Set<string>, text: string, names: Name[], lang: TextLanguage | undefined): Set<string> {
  if (names.length === 0) return set;
  const folded = fold(text);
  const inOtherNames = names.filter((n) => !folded.includes(n.folded)).flatMap((n) => [...n.terms].filter((t) => set.has(t)));
  if (inOtherNames.length === 0) return set;
  const { words, inName } = wordsInNames(text);
  const outsideNames = new Set(contentTerms(words.filter((_, i) => !inName[i]).join(' '), lang));
  const dropped = inOtherNames.filter((t) => !outsideNames.has(t));
  return dropped.length === 0 ? set : new Set([...set].filter((t) => !dropped.includes(t)));
}

/** At most this many rows join the quoted ones from the article's other tables of the same columns. */
const MAX_SIBLING_ROWS = 4;

/**
 * "box light orange" in an article with a table per LED, all with the columns "Colour | Meaning |
 * What to do": the orange row of each table, not only the first found. Rows of the article's
 * tables with the quoted rows' header join them when their first cell (what names a row) states
 * the question's words all the quoted rows' first cells state — in sections whose heading states
 * what the quoted section's heading states of the question ("le voyant wifi … éteint" keeps to the
 * Wi-Fi LED's table). For the quoted section, its rows come back with the new ones, in table order.
 */
function rowsOfSameKind(primary: Window, asked: string[], sources: PromptSource[], lang: TextLanguage): { source: PromptSource; units: Unit[] }[] {
  const rows = primary.units.filter((u) => u.kind === 'row');
  const table = rows[0]?.table;
  if (!table || rows.length !== primary.units.filter((u) => u.kind !== 'lead').length) return [];
  const sourceLang = primary.source.lang;
  // A row's first cell's terms, stemmed once per row (they are asked of every asked word).
  const firstCellTerms = new Map<Unit, Set<string>>();
  const keyTerms = (u: Unit) => {
    let cell = firstCellTerms.get(u);
    if (!cell) firstCellTerms.set(u, (cell = new Set(contentTerms(u.cells?.[0] ?? '', sourceLang))));
    return cell;
  };
  // What every quoted row's first cell states of the question ("orange"), closed-class words aside ("dopo").
  const named = asked.filter((t) => !isFunctionTerm(t, lang) && rows.every((r) => hasTerm(keyTerms(r), t)));
  if (named.length === 0) return [];
  const headingTerms = (source: PromptSource) => new Set(contentTerms(source.heading ?? '', source.lang));
  const ownHeading = headingTerms(primary.source);
  const headed = asked.filter((t) => hasTerm(ownHeading, t));
  const quoted = new Set(rows.map((r) => r.text));
  const sameKind = (u: Unit) => u.kind === 'row' && !!u.table && sameHeader(u.table, table) && named.every((t) => hasTerm(keyTerms(u), t));
  const found: { source: PromptSource; units: Unit[] }[] = [];
  let added = 0;
  for (const source of sources) {
    if (source.title !== primary.source.title || source.lang !== sourceLang || added >= MAX_SIBLING_ROWS) continue;
    const own = source.n === primary.source.n;
    if (!own && !headed.every((t) => hasTerm(headingTerms(source), t))) continue;
    const units = splitUnits(source.content, source.lang).filter((u) => !quoted.has(u.text) && sameKind(u)).slice(0, MAX_SIBLING_ROWS - added);
    if (units.length === 0) continue;
    added += units.length;
    found.push({ source, units: own ? [...primary.units.filter((u) => u.kind !== 'row'), ...[...rows, ...units].sort((a, b) => rowIndex(a) - rowIndex(b))] : units });
  }
  return found;
}

/** Where a row stands in its table (rows of other tables and other units last). */
function rowIndex(unit: Unit): number {
  const at = unit.table && unit.cells ? unit.table.rows.indexOf(unit.cells) : -1;
  return at === -1 ? Number.MAX_SAFE_INTEGER : at;
}

function composeOne(prompt: AnswerPrompt, options: ComposeOptions): AnswerParts {
  const { lang } = prompt;
  const phrases = PHRASES[lang];
  // The kind of answer is what the customer's own message asks for ("and how do I turn it off?"
  // after a price question wants steps); a follow-up that does not say ("and in the US?") asks
  // for what the question it continues asked for.
  const asked = wantedAnswerKinds(prompt.question, lang);
  const said = asked.length > 0 ? asked : wantedAnswerKinds(prompt.standalone, lang);
  // A question that does not say what form its answer takes ("box 5 restart", "esim") is most
  // often after the steps: a help article's procedure is what such a question comes for.
  const kinds: AnswerKind[] = said.length > 0 ? said : ['steps'];
  // Cue words as typed, and as spelling correction may have changed them in the standalone question.
  const cues = new Set([...cueWords(prompt.question, lang, kinds), ...cueWords(prompt.standalone, lang, kinds)]);
  // "My mother-in-law is coming for the weekend. Where do I find the Wi-Fi password?": the
  // sentences around the question tell the customer's story; the passage need not state it.
  // (In the question itself every word counts: "can I pay with bitcoin?".)
  const alternatives = withoutAbroadWhereNamed(options.alternatives ?? {}, (term, specific) => {
    const named = (t: string) => prompt.sources.some((source) => sourceTerms(source).has(t));
    return named(term) || specific.some(named);
  });
  // A word the articles know only by a synonym ("Istanbul" by its country, "Bangkok" as one of
  // "all other countries") is known too.
  const knownTerm =
    options.knownTerm && ((t: string, l: TextLanguage) => options.knownTerm!(t, l) || (alternatives[t] ?? []).some((a) => isCountryGroup(a) || options.knownTerm!(a, l)));
  // The absences the sources' titles and headings name («No internet connection»), read only when the story denies something.
  let troubles: Set<string> | undefined;
  const knownTrouble = (t: string) =>
    hasTerm((troubles ??= new Set(prompt.sources.flatMap((source) => [source.title, source.heading].flatMap((text) => (text ? [...negatedTerms(text, source.lang ?? lang)] : []))))), t);
  const story = storyOf(prompt.question, lang, knownTrouble, knownTerm);
  const terms = questionTerms(prompt.standalone, lang, options.knownTerm, cues).filter((t) => !story.unknown.has(t));
  // In a follow-up, the customer's own words say what is asked now; the words carried over from
  // the question before only say what it is about (as in the standalone query, they count twice).
  const own = prompt.followUp ? new Set(questionTerms(prompt.question, lang, options.knownTerm, cues)) : null;
  const weights = new Map(terms.map((t) => [t, (options.termWeight?.(t, lang) ?? 1) * (own?.has(t) ? FOLLOW_UP_OWN_WEIGHT : 1) * (/^\p{L}$/u.test(t) ? LETTER_WEIGHT : 1)]));
  const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;
  const ranks = sourceRanks(prompt.sources);
  const widen = (set: Set<string>) => widenBySynonyms(set, alternatives);
  const names = namesIn(`${prompt.question}\n${prompt.standalone}`, prompt.sources, lang);
  // Stemmed in each text's own language, as its terms were.
  const unnamed = (set: Set<string>, text: string, textLang: TextLanguage | undefined) => withoutOtherNames(set, text, names, textLang);
  // The model the turn settled on, unless the customer's own message names several ("the Box 3 or
  // the Box 5?" compares them, whichever model is theirs).
  const comparesModels = [...namedModels(prompt.question).values()].some((numbers) => numbers.size > 1);
  const models = namedModels(options.model && !comparesModels ? options.model : prompt.standalone);
  // The nearest heading that names a model says which one the passage is about: «Upgrade to the
  // Box 5 › Return the Box 3» is about the Box 3.
  const aboutOtherModel = (source: PromptSource) => {
    const naming = [source.heading, source.within, source.title].find((level): level is string => !!level && namedModels(level).size > 0);
    return naming !== undefined && namesOtherModel(models, naming);
  };
  // The words that name a table's row: a follow-up's own ("and for the Box 3?"), not the topic's
  // it carries over — "does that cost anything?" after "how do I move my eSIM" names no row of the
  // price table (the eSIM row is one case of several), so the whole table answers. (A later part
  // of one message keeps its message's words: "Kann ich runterstufen? Kostet das was?" is the
  // downgrade's row.)
  const naming = own && !prompt.laterPart ? terms.filter((t) => own.has(t)) : terms;
  // "We move in three weeks": the row «Less than 30 days before», not "at least 30 days before, free".
  // "il 25 del mese": the row «Dal 21 a fine mese», not «Dal 1° al 20 del mese».
  const durations = [...new Set([...statedDurations(prompt.question, lang), ...statedDurations(prompt.standalone, lang)])];
  const days = [...new Set([...daysOfMonth(prompt.question, lang), ...daysOfMonth(prompt.standalone, lang)])];
  const caseOf =
    durations.length === 0 && days.length === 0
      ? undefined
      : (unit: Unit) => {
          const byDuration = durationCase(unit.text, durations, lang);
          const byDay = dayOfMonthCase(unit.text, days);
          return byDuration === 1 || byDay === 1 ? 1 : byDuration === -1 || byDay === -1 ? -1 : 0;
        };
  const windowsFor = (wanted: AnswerKind[]) =>
    readSources(prompt.sources, wanted)
      .map((read) => (Object.keys(alternatives).length === 0 ? read : { ...read, units: read.units.map((u) => ({ ...u, terms: widen(u.terms), ...(u.ownTerms ? { ownTerms: widen(u.ownTerms) } : {}), ...(u.link ? { link: { ...u.link, terms: widen(u.link.terms) } } : {}) })) }))
      .map((read) => (names.length === 0 ? read : { ...read, units: read.units.map((u) => ({ ...u, terms: unnamed(u.terms, u.text, read.source.lang), ...(u.ownTerms ? { ownTerms: unnamed(u.ownTerms, u.text, read.source.lang) } : {}) })) }))
      .map((read, i) => bestWindow(read, terms, weights, ranks[i]!, widen, unnamed, naming, caseOf))
      .filter((w): w is Window & { score: number } => w !== null)
      .map((w) => (aboutOtherModel(w.source) ? { ...w, otherModel: true } : w))
      .map((w) => (wanted.includes('necessity') && w.kindFit > 0 && !statesNecessity(w) ? { ...w, kindFit: 0 } : w));
  // "Do I need to factory reset it first?": a passage holds the answer where it says that what is
  // asked must (or need not) be done — not where it says something else must be ("they must be paired again").
  const askedTerms = new Set(terms.filter((t) => !story.told.has(t) && !isFunctionTerm(t, lang)));
  const statesNecessity = (w: Window) => w.units.some((u) => statesNecessityOf(u.text, w.source.lang ?? lang, (t) => hasTerm(askedTerms, t)));
  const windows = windowsFor(kinds);
  // Retrieval ranked the sources (most relevant last); coverage and the kind of answer decide among close ones.
  // "Trasloco a fine mese, cosa devo fare per Internet?": the cancellation article's steps cover as
  // many words as the moving article's; an article whose title the asking sentence states (by
  // weight, at least TITLE_SHARE of it) is about what was asked.
  const asking = terms.filter((t) => !story.told.has(t));
  const askingTerms = new Set(asking);
  const titleShares = new Map<string, number>();
  const titleShare = (title: string) => {
    let share = titleShares.get(title);
    if (share === undefined) {
      const words = contentTerms(title, lang).filter((t) => !/^\d+$/.test(t));
      const weight = (t: string) => options.termWeight?.(t, lang) ?? 1;
      const total = words.reduce((sum, t) => sum + weight(t), 0);
      share = total > 0 ? words.reduce((sum, t) => sum + (askingTerms.has(t) ? weight(t) : 0), 0) / total : 0;
      titleShares.set(title, share);
    }
    return share;
  };
  // "when it's used up": a passage that states the verb with the particle the asking sentence
  // gives it (its heading included; not a sentence that only announces the article) is about what
  // was asked, not one that only uses the verb ("used abroad").
  const askedParticleVerbs = particleVerbs(askedPart(prompt.question), lang);
  const statingParticleVerb = new Map<Window, boolean>();
  const statesParticleVerb = (w: Window) => {
    if (askedParticleVerbs.size === 0) return false;
    let states = statingParticleVerb.get(w);
    if (states === undefined) {
      const text = `${w.source.heading ?? ''}\n${w.units.filter((u) => u.terms.size > 0).map((u) => u.text).join('\n')}`;
      states = [...particleVerbs(text, w.source.lang ?? lang)].some((v) => askedParticleVerbs.has(v));
      statingParticleVerb.set(w, states);
    }
    return states;
  };
  // "how do I get more data…" under «Get more data»: the asking sentence states the section's
  // heading word for word, its small words too ("get", "more" are stop words everywhere else).
  const askedTokens = ` ${tokenize(askedPart(prompt.question)).join(' ')} `;
  const headingStated = new Map<string, boolean>();
  const statesHeading = (w: Window) => {
    const heading = w.source.heading;
    if (!heading) return false;
    let stated = headingStated.get(heading);
    if (stated === undefined) {
      const words = tokenize(heading);
      stated = words.length >= HEADING_PHRASE_MIN_WORDS && askedTokens.includes(` ${words.join(' ')} `) && contentTerms(heading, w.source.lang).length > 0;
      headingStated.set(heading, stated);
    }
    return stated;
  };
  // "…blinkt rot" – "und wenn die Lichtleiste dauerhaft rot ist?": the row «Rot dauerhaft |
  // Hardwarefehler» states the follow-up's words together; the reset steps collect "rot" from one
  // step and "dauerhaft" from the next. A passage that states the follow-up's own words (those it
  // states at all) in one sentence, item or row is about what the follow-up asks. (Asked of every
  // question's words, it cost golden 3.2 points of key facts: steps and lists spread their words.)
  const togetherWords = own ? terms.filter((t) => own.has(t) && !isFunctionTerm(t, lang)) : [];
  const statedTogether = new Map<Window, boolean>();
  const statesTogether = (w: Window) => {
    if (togetherWords.length < 2) return false;
    let together = statedTogether.get(w);
    if (together === undefined) {
      const inText = togetherWords.filter((t) => w.units.some((u) => hasTerm(u.terms, t)));
      together = inText.length >= 2 && w.units.some((u) => inText.every((t) => hasTerm(u.terms, t)));
      statedTogether.set(w, together);
    }
    return together;
  };
  // A passage's own merit; compared across articles, the title's too (sections of one article share it).
  const passageMerit = (w: Window) =>
    w.coverage + RANK_PRIOR * w.rank + KIND_BONUS * w.kindFit + SECTION_BONUS * w.sectionShare + OWN_WORDS_BONUS * w.own - (w.otherModel ? OTHER_MODEL_PENALTY : 0) +
    (statesParticleVerb(w) ? PARTICLE_VERB_BONUS : 0) + (statesHeading(w) ? HEADING_PHRASE_BONUS : 0);
  // The share of the question's weight a set of covered words makes up. The story's words, and
  // function words the stop word lists lack ("depuis", "ancora"), count where the passage states
  // them, and nowhere else.
  const shareOf = (covered: Set<string>, among: string[]) => {
    const counted = among.filter((t) => covered.has(t) || (!story.told.has(t) && !isFunctionTerm(t, lang)));
    const total = counted.reduce((sum, t) => sum + (weights.get(t) ?? 1), 0) || 1;
    return counted.reduce((sum, t) => sum + (covered.has(t) ? (weights.get(t) ?? 1) : 0), 0) / total;
  };
  const share = (covered: Set<string>) => shareOf(covered, terms);
  // "what does it cost to move my internet now?": the section headed «Costs and timing» states
  // the fee; the article's introduction covers more of the story's words ("tell us at least 30
  // days before…") and says only "free". A section whose heading names the kind of answer asked
  // (costs, fees, Gebühren, frais, costi; a deadline, a contact) and that holds one is worth more —
  // when it covers enough of the question to answer it at all (ungated, the bonus moved answers
  // to passages that then declined).
  const strictAsked = kinds.filter((k) => STRICT_KINDS.has(k));
  const headedByKindOf = new Map<Window, boolean>();
  const headedByKind = (w: Window) => {
    let headed = headedByKindOf.get(w);
    if (headed === undefined) {
      headed = w.holdsStrictKind && !!w.source.heading && allCueWords(w.source.heading, w.source.lang ?? lang, strictAsked).size > 0 && share(w.covered) >= minCoverage;
      headedByKindOf.set(w, headed);
    }
    return headed;
  };
  // "my thing is blinking red": a situation told, asking nothing and naming no form. The table row
  // keyed by the state told («Internet LED red blinking | No line or fibre signal | …») says what it
  // is, more than steps that mention the state on the way ("Release when the light bar blinks red").
  const stateWords = said.length === 0 && reportsSituation(prompt.question) ? terms.filter((t) => !isFunctionTerm(t, lang)) : [];
  const keyedRow = new Map<Window, boolean>();
  const keyedByState = (w: Window) => {
    if (stateWords.length < STATE_KEY_MIN_TERMS) return false;
    let keyed = keyedRow.get(w);
    if (keyed === undefined) {
      keyed = w.units.some((u) => {
        if (u.kind !== 'row' || !u.cells) return false;
        const key = new Set(contentTerms(u.cells[0] ?? '', w.source.lang ?? lang));
        return stateWords.filter((t) => hasTerm(key, t)).length >= STATE_KEY_MIN_TERMS;
      });
      keyedRow.set(w, keyed);
    }
    return keyed;
  };
  const merit = (w: Window) =>
    passageMerit(w) + CASE_BONUS * w.customerCase + (keyedByState(w) ? STATE_ROW_BONUS : 0) + (headedByKind(w) ? KIND_HEADING_BONUS : 0) + (statesTogether(w) ? TOGETHER_BONUS : 0) + (titleShare(w.source.title) >= TITLE_SHARE ? TITLE_BONUS : 0) + (options.titled !== undefined && w.source.title === options.titled ? TITLED_BONUS : 0) +
    (options.followed !== undefined && w.source.title === options.followed ? FOLLOWED_BONUS : 0);
  // Asked only for an amount, a duration or a contact: only a passage that states one can answer
  // (none: "I don't know" — better silent than wrong).
  const strictOnly = kinds.length > 0 && kinds.every((k) => STRICT_KINDS.has(k));
  // Asked only which offer to take ("quel abo vous me conseillez ?"): only a passage that names one of
  // the articles' offers answers. (A later part that asks nothing of its own form, "and will my
  // Europe pack work there?", is not held to it.)
  const optionOnly = asked.length === 1 && asked[0] === 'option';
  // Asked only whether something must be done: a passage that says so answers, when one covers
  // enough of the question (else the rest may still: a condition, the steps).
  const sayingWhetherNeeded = kinds.length === 1 && kinds[0] === 'necessity' ? windows.filter((w) => w.kindFit > 0 && share(w.covered) >= minCoverage) : [];
  const candidates = strictOnly
    ? windows.filter((w) => w.holdsStrictKind)
    : optionOnly
      ? windows.filter((w) => w.kindFit > 0)
      : sayingWhetherNeeded.length > 0
        ? sayingWhetherNeeded
        : windows;
  // Near-ties go to the passage nearer its article's start (the main answer), then to the later source.
  const placed = (w: Window) => merit(w) + (w.source.section ? POSITION_BONUS / w.source.section : 0);
  const best = candidates.reduce<Window | null>((top, w) => (!top || placed(w) >= placed(top) ? w : top), null);
  // "To pay by direct debit, see «Payment methods»": a short passage that sends the reader to
  // another article among the sources is answered from that article, when it covers the question too.
  const referred = best ? referredTitles(best.units, prompt.sources).filter((t) => t !== best.source.title) : [];
  // "How do I do a factory reset? I forgot the admin login": the Wi-Fi article's "Forgot the admin
  // password too?" wins on the story's words and sends the reader to «Factory reset…». Asked for
  // steps it does not hold, the referred article's steps answer, when they cover what the asking
  // sentence asks as well as the pointer does.
  const askedCoverage = (w: Window) => coverageOf(asking, weights, w.covered, new Set()).coverage;
  const pointsToSteps = (w: Window) =>
    best !== null && kinds.includes('steps') && best.kindFit < 1 && w.kindFit >= 1 && askedCoverage(w) >= askedCoverage(best);
  const primary =
    best && referred.length > 0
      ? (candidates
          .filter((w) => referred.includes(w.source.title) && (best.units.length <= POINTER_UNITS ? w.coverage >= Math.min(minCoverage, best.coverage) : pointsToSteps(w)))
          .sort((a, b) => merit(b) - merit(a))[0] ?? best)
      : best;
  const unknown = (coverage: number, covered = new Set<string>()): AnswerParts => ({ grounded: false, coverage, share, covered, cited: [], title: '', intro: phrases.unknown, body: [], details: [] });
  if (terms.length === 0 || !primary) return unknown(0);
  // A second passage when it covers telling words the first one missed (multi-part questions) —
  // words of the customer's own message: a follow-up's topic words, carried over from the
  // question before, were answered there already ("and how do I turn it off?" after prices).
  // Nor the story's words: a passage about "forgot … login" answers what the customer told, not what they asked.
  const missing = terms.filter((t) => !primary.covered.has(t) && (!own || own.has(t)) && !story.told.has(t));
  const secondary =
    missing.length === 0
      ? undefined
      : windows
          // In the customer's language, and a second part of the question, not one stray word of it.
          .filter((w) => w.source.title !== primary.source.title && (!w.source.lang || w.source.lang === lang))
          .map((w) => ({ w, gain: coverageOf(missing, weights, new Set(w.units.flatMap((u) => [...statedFor(u, terms)])), new Set()) }))
          .filter((c) => c.gain.coverage >= 0.5 && c.gain.covered.size >= SECONDARY_MIN_TERMS)
          .sort((a, b) => b.gain.coverage - a.gain.coverage)[0];
  const covered = new Set([...primary.covered, ...(secondary?.gain.covered ?? [])]);
  // A passage stating the amount (duration, contact) asked for answers the words that ask for it.
  if (primary.holdsStrictKind) {
    const strictKinds = kinds.filter((k) => STRICT_KINDS.has(k));
    for (const word of allCueWords(prompt.question, lang, strictKinds)) for (const t of contentTerms(word, lang)) if (weights.has(t)) covered.add(t);
  }
  // A follow-up about the article the answer before quoted: that article answered the topic's
  // words already, so the passage must state what the follow-up itself asks.
  const onThread = own !== null && options.followed !== undefined && primary.source.title === options.followed;
  const coverage = onThread ? shareOf(covered, terms.filter((t) => own.has(t))) : share(covered);
  // "Mein Mann sagt, ich soll das Ding neu starten – wie mach ich das richtig?" states the title
  // «Alpenwave Box 5 neu starten» (with the Box 5 on the account): the rest is the customer's own words.
  const namedByTitle = options.titled !== undefined && primary.source.title === options.titled;
  // A retrieval confident enough to relax the coverage asked does not vouch for a name no article
  // uses ("Is Netflix included…?" quoted what Wave TV Plus includes): the usual share is asked then.
  const usual = options.usualCoverage;
  const unknownName =
    usual !== undefined && usual > minCoverage && knownTerm !== undefined && properNameTerms(askedPart(prompt.question), lang).some((t) => weights.has(t) && !knownTerm(t, lang));
  const needed = unknownName ? usual : minCoverage;
  if (coverage < needed && !namedByTitle && !enoughInLongMessage(terms, covered, weights, primary)) return unknown(coverage, covered);
  // "Non va più niente" matched a table's "Cosa fare: Niente": closed-class words count where a
  // passage states them, but they alone say nothing of what the passage is about.
  if (!namedByTitle && [...covered].every((t) => isFunctionTerm(t, lang))) return unknown(coverage, covered);
  // "J'ai reçu un mail … entrer ma carte bancaire. C'est vraiment vous ?": a question that asks
  // nothing of its own is asked by its story, whose words count only where a passage states them —
  // so two of them stated would "cover" it all. The passage must state several, or hold the
  // amount (duration, contact) the question asks for ("… seit 5 Monaten dabei. Was kostet mich das?"),
  // or sit in a section whose heading names the situation told ("Le technicien devait passer hier…
  // personne n'est venu. Vous faites quoi ?" under «Si notre technicien ne vient pas»).
  const headedBySituation = () => {
    const heading = new Set(contentTerms(primary.source.heading ?? '', primary.source.lang ?? lang));
    return [...covered].filter((t) => !isFunctionTerm(t, lang) && hasTerm(heading, t)).length >= TOLD_HEADING_MIN_TERMS;
  };
  if (!namedByTitle && !primary.holdsStrictKind && terms.length > 0 && terms.every((t) => story.told.has(t)) && covered.size < TOLD_ONLY_MIN_TERMS && !headedBySituation()) return unknown(coverage, covered);
  // The intro names and cites the source up front, so the answer can stream from its first words.
  const intro = phrases.intro(primary.source.title, `[${primary.source.n}]`);
  const parts = [intro];
  if (primary.lead) parts.push(`${primary.lead.text} [${primary.source.n}]`);
  const primaryAt = parts.length;
  const sameKindRows = rowsOfSameKind(primary, asking, prompt.sources, lang);
  const ownRows = sameKindRows.find((r) => r.source.n === primary.source.n)?.units ?? primary.units;
  // In the article's order (Power, Internet, Phone LED), after the quoted rows.
  const otherRows = sameKindRows.filter((r) => r.source.n !== primary.source.n).sort((a, b) => (a.source.section ?? 0) - (b.source.section ?? 0));
  // Rows from several sections read each under its heading ("Power LED", "Internet LED").
  const headed = (source: PromptSource, text: string) => (source.heading ? `**${source.heading}**\n\n${text}` : text);
  parts.push(otherRows.length > 0 ? headed(primary.source, quote(ownRows, primary.source.n)) : quote(ownRows, primary.source.n));
  const cited = [primary.source.n];
  for (const rows of otherRows) {
    parts.push(headed(rows.source, quote(rows.units, rows.source.n)));
    cited.push(rows.source.n);
  }
  // What a table keyed by the quoted rows says about them ("Zone 1" → its prices).
  const quoteLink = (link: Link | undefined) => {
    if (!link) return;
    parts.push(`${renderTable(link.part)}\n\n[${link.source.n}]`);
    if (!cited.includes(link.source.n)) cited.push(link.source.n);
  };
  quoteLink(primary.link);
  if (primary.source.lang && primary.source.lang !== lang) parts.push(phrases.otherLanguage);
  // "On m'a volé mon natel", "weird SMS with a link about a refund": a message that reports a
  // situation, asking nothing, wants what to do about it. When the passage that matches its
  // words describes the situation, the article's steps (or options: a menu path, a button) follow it.
  // A question whose passage only retells its story ("…a link about a refund. Where do I report
  // it?") is answered by the article's section on what to do, when it has one.
  const situation = said.length === 0 && reportsSituation(prompt.question) && primary.kindFit < 1;
  const retold = !situation && retellsStory(prompt.question, lang, primary.covered);
  const remedy =
    situation || retold
      ? windows
          .map((w) => ({ w, remedy: isRemedyHeading(w.source.heading ?? '') }))
          .filter(({ w, remedy }) => w.source.title === primary.source.title && w.source.n !== primary.source.n && (remedy || (situation && w.kindFit > primary.kindFit)))
          // A section headed "What to do" first; then the steps. Articles are written in the
          // order of doing: the first steps come first.
          .sort((a, b) => Number(b.remedy) - Number(a.remedy) || b.w.kindFit - a.w.kindFit || (a.w.source.section ?? Infinity) - (b.w.source.section ?? Infinity) || placed(b.w) - placed(a.w))[0]?.w
      : undefined;
  // "Comment recevoir mes factures en français ?": the passage that matches the question's words
  // best is often the article's overview ("…you can choose French for your invoices"), which
  // names the task without its steps. Asked how (or where) — or quoting the overview for a
  // question that does not say what it wants — the article's passage of that kind follows it.
  // (A section about the question's very situation, "Violet clignotant", is not followed by
  // another section's steps.)
  const overview = !primary.source.heading;
  const ofKindAsked =
    !remedy && (said.some((k) => k === 'steps' || k === 'place') || (said.length === 0 && overview)) && primary.kindFit < 1
      ? windows
          .filter((w) => w.source.title === primary.source.title && w.source.n !== primary.source.n && w.kindFit >= 1 && w.covered.size > 0 && (!w.source.lang || w.source.lang === lang) && !w.otherModel)
          .sort((a, b) => merit(b) - merit(a))[0]
      : undefined;
  const followedBy = remedy ?? ofKindAsked;
  if (followedBy) {
    parts.push(quote(followedBy.units, followedBy.source.n));
    if (!cited.includes(followedBy.source.n)) cited.push(followedBy.source.n);
  }
  // A second section of the same article when it is nearly as good: answers in help articles are
  // often spread over two sections (the steps, and the fee or the deadline in the next one).
  // First the section the quoted passage sends the reader to ("If the result is too low, see «When
  // to contact us»"): it holds what the customer is told to do next.
  if (!secondary && !followedBy && otherRows.length === 0) {
    const sameArticle = windows.filter((w) => w.source.title === primary.source.title && w.source.n !== primary.source.n);
    const named = quotedNames(unitsText(primary.units));
    const second =
      sameArticle.find((w) => w.source.heading && named.has(fold(w.source.heading).trim())) ??
      sameArticle.filter((w) => passageMerit(w) >= SECOND_SECTION_SHARE * passageMerit(primary)).sort((a, b) => merit(b) - merit(a))[0];
    if (second && second.source.n !== primary.link?.source.n) {
      parts.push(quote(second.units, second.source.n));
      if (!cited.includes(second.source.n)) cited.push(second.source.n);
    }
  }
  // Steps that use what an earlier section of the article is about ("scan the QR code" after «Get
  // the QR code»): that section's steps come first — the customer needs them before these.
  const before = kinds.includes('steps') && isSteps(primary.units) ? prerequisiteOf(primary, windows, lang) : undefined;
  if (before && !cited.includes(before.source.n) && otherRows.length === 0) {
    // Two numbered lists in a row read as one: each under its heading.
    parts.splice(primaryAt, 1, headed(before.source, quote(before.units, before.source.n)), headed(primary.source, parts[primaryAt]!));
    cited.push(before.source.n);
  }
  if (secondary) {
    parts.push(phrases.seeAlso(secondary.w.source.title), quote(secondary.w.units, secondary.w.source.n));
    cited.push(secondary.w.source.n);
  }
  // A question that asks for two things ("how much is it, and how do I turn it off?"): an amount,
  // a duration, a count or a contact asked for that nothing quoted so far states comes from the best
  // passage that states it — in the customer's language, and about the question.
  const quotedText = parts.join('\n');
  for (const kind of kinds.filter((k) => STRICT_KINDS.has(k))) {
    if (holdsAnswerKind(quotedText, kind)) continue;
    const extra = windowsFor([kind])
      .filter((w) => w.holdsStrictKind && !cited.includes(w.source.n) && (!w.source.lang || w.source.lang === lang) && w.coverage >= minCoverage)
      .sort((a, b) => merit(b) - merit(a))[0];
    if (!extra) continue;
    parts.push(quote(extra.units, extra.source.n));
    cited.push(extra.source.n);
    quoteLink(extra.link);
  }
  // The article's other key facts about the question (a fee, a deadline, where in the app), which
  // the customer most often came for and the quote may have stopped short of.
  const quotedSoFar = parts.join('\n');
  // A detail never adds a second fact of the kind asked for and already answered ("how much is
  // roaming in Italy?" gets Italy's price, not also the price on ships).
  const answered = kinds.filter((k) => STRICT_KINDS.has(k) && holdsAnswerKind(quotedSoFar, k));
  const details = keyDetails(
    prompt.sources.filter((s) => s.title === primary.source.title && (!s.lang || s.lang === lang) && !aboutOtherModel(s)),
    terms,
    weights,
    quotedSoFar,
    answered,
  );
  for (const d of details) if (!cited.includes(d.n)) cited.push(d.n);
  return { grounded: true, coverage, share, covered, cited, title: primary.source.title, intro, body: parts.slice(1), details: details.map((d) => d.text) };
}

/** Writes one answer out: the intro, the quotes, and the key details under their heading. */
function written(answer: AnswerParts, lang: TextLanguage): string {
  const details = answer.details.length > 0 ? [PHRASES[lang].details, answer.details.join('\n')] : [];
  return [answer.intro, ...answer.body, ...details].join('\n\n');
}

/** A paragraph's sentences without their citation marks, to tell what an answer already says. */
function saidIn(paragraph: string): string[] {
  return sentencesOf(paragraph.replace(/\[\d+\]/g, ''))
    .map((s) => s.trim())
    .filter((s) => s.length > 3);
}

/**
 * The answer to a message that asks several things ("can I keep my number and how long does it
 * take?"): each question answered on its own — its own kind of answer, its own words first, the
 * earlier questions' words as its topic (as a follow-up is) — and the answers joined in order,
 * each passage once. The message is answered only when it would be as one question; a part that
 * finds no answer is left out rather than guessed.
 */
function composeParts(prompt: AnswerPrompt, parts: string[], options: ComposeOptions): AnswerParts {
  // The standalone question may have the customer's typos corrected: its parts, where it splits the same way.
  const corrected = questionParts(prompt.standalone, prompt.lang);
  const standalone = corrected.length === parts.length ? corrected : parts;
  // The story around the questions ("I'm flying to New York on Wave Mobile M.") stays with each of them.
  const sentences = sentencesOf(prompt.question);
  const story = sentences.some(isAsking) ? sentences.filter((s) => !isAsking(s) && !parts.includes(s)) : [];
  const answers = parts.map((part, i) =>
    composeOne(
      { ...prompt, question: [...story, part].join(' '), standalone: [...story, ...(i === 0 ? standalone.slice(0, 1) : standalone.slice(0, i + 1))].join(' '), followUp: i > 0, laterPart: i > 0 },
      options,
    ),
  );
  // The whole message read as one question decides whether it is answered at all: the parts only
  // answer it better. (A part's few words are easily matched by a passage about something else:
  // "do I need to ask for it?" alone matches many articles.) Read as one, it may find no single
  // passage that covers both questions ("which pack should I get and does my Europe pack work
  // there?": the pack table, the rules of use); then it is answered when the parts' passages
  // together cover enough of the whole message's words.
  const whole = composeOne(prompt, options);
  const grounded = answers.filter((a) => a.grounded);
  if (grounded.length === 0) return whole;
  const together = new Set(grounded.flatMap((a) => [...a.covered]));
  const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;
  // Only a whole declined for covering too little (not one declined for its story or closed-class words).
  const coveredTogether = whole.coverage > 0 && whole.coverage < minCoverage && whole.share(together) >= minCoverage;
  if (!whole.grounded && !coveredTogether) return whole;
  const [first, ...rest] = grounded as [AnswerParts, ...AnswerParts[]];
  const body = [...first.body];
  const said = new Set(body.flatMap(saidIn));
  for (const answer of rest) {
    const fresh = answer.body.filter((p) => !saidIn(p).every((s) => said.has(s)));
    if (fresh.length === 0) continue;
    if (answer.title !== first.title) body.push(PHRASES[prompt.lang].seeAlso(answer.title));
    body.push(...fresh);
    for (const p of fresh) for (const s of saidIn(p)) said.add(s);
  }
  const details = [...new Set(grounded.flatMap((a) => a.details))].filter((d) => !saidIn(d.replace(/^- /, '')).every((s) => said.has(s))).slice(0, MAX_DETAILS);
  const text = [...body, ...details].join('\n');
  const cited = [...new Set(grounded.flatMap((a) => a.cited))].filter((n) => first.cited.includes(n) || text.includes(`[${n}]`));
  const coverage = whole.share(together);
  return { ...first, coverage, cited, body, details };
}

export function composeAnswer(prompt: AnswerPrompt, options: ComposeOptions = {}): ComposedAnswer {
  // A follow-up is read with the question it continues; a message of its own may ask several things.
  const parts = prompt.followUp ? [prompt.question] : questionParts(prompt.question, prompt.lang);
  const answer = parts.length > 1 ? composeParts(prompt, parts, options) : composeOne(prompt, options);
  return { text: answer.grounded ? written(answer, prompt.lang) : answer.intro, grounded: answer.grounded, coverage: answer.coverage, cited: answer.cited };
}

/** Kinds of fact a help article states about a topic: what a customer most often came to learn. */
const DETAIL_KINDS: AnswerKind[] = ['amount', 'duration', 'contact', 'place'];
/** At most this many key details follow the quote. */
const MAX_DETAILS = 3;
/** A key detail states (or sits under a heading about) at least this share of the question's weight. */
const DETAIL_MIN_SHARE = 0.2;
/** A question word only in the detail's section heading counts this much of one it states itself. */
const DETAIL_HEADING_CREDIT = 0.5;

/**
 * The article's key details about the question that the quote left out: sentences and list
 * items elsewhere in the answering article that state a fact (an amount, a duration, a
 * contact, a place in the app) and share the question's telling words; the best few, in the
 * article's order, as a list (a step loses its number: it is quoted on its own).
 */
function keyDetails(sources: PromptSource[], terms: string[], weights: Map<string, number>, quoted: string, answered: AnswerKind[]): { text: string; n: number }[] {
  const total = terms.reduce((sum, t) => sum + (weights.get(t) ?? 1), 0) || 1;
  const found: { text: string; n: number; share: number; order: number }[] = [];
  for (const source of sources) {
    const section = new Set(contentTerms(`${source.within ?? ''} ${source.heading ?? ''}`, source.lang));
    for (const unit of splitUnits(source.content, source.lang)) {
      // Table rows are chosen by what names them (the row for Italy, not every zone's prices), never by shared words.
      if (unit.kind === 'lead' || unit.kind === 'table' || unit.kind === 'row' || quoted.includes(unit.text)) continue;
      if (!DETAIL_KINDS.some((k) => holdsAnswerKind(unit.text, k)) || answered.some((k) => holdsAnswerKind(unit.text, k))) continue;
      let stated = 0;
      let underHeading = 0;
      for (const t of terms) {
        if (hasTerm(statedFor(unit, terms), t)) stated += weights.get(t) ?? 1;
        else if (hasTerm(section, t)) underHeading += weights.get(t) ?? 1;
      }
      // It must state one of the question's words itself: a heading alone does not make a fact about it.
      const share = (stated + DETAIL_HEADING_CREDIT * underHeading) / total;
      if (stated === 0 || share < DETAIL_MIN_SHARE) continue;
      const text = `- ${unit.text.replace(/^(?:[-*+]|\d+[.)])\s+/, '')} [${source.n}]`;
      found.push({ text, n: source.n, share, order: found.length });
    }
  }
  return found
    .sort((a, b) => b.share - a.share || a.order - b.order)
    .slice(0, MAX_DETAILS)
    .sort((a, b) => a.order - b.order);
}
