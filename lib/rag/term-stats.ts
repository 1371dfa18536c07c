import { sql } from 'drizzle-orm';
import { asTextLanguage, fold, termOf, tokenize, type TextLanguage } from '@/lib/ai/local/text';
import { cacheKeyOf } from '@/lib/db/cache-key';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { dropPassageIds } from './passage-rows';
import { editDistance, type CorpusWords, type LanguageVocabulary } from './spelling';

/**
 * How many chunks contain each word, read from lexeme_stats (the `simple` column: surface
 * forms) and regrouped by our own stems per language. The chat uses it as IDF: how telling a
 * question's word is, and whether the corpus knows it at all.
 */
export type TermStats = {
  chunks: number;
  /** Chunks containing the stem (0 when the corpus never uses the word). */
  df(term: string, lang: TextLanguage): number;
  /** Inverse document frequency: rare words weigh most (unknown ones like the rarest known). */
  idf(term: string, lang: TextLanguage): number;
  /**
   * The language whose articles use these words clearly more than the others' do, if any. With a
   * prior (the conversation's or the page's language): that language, unless another one's
   * articles use the words clearly more than its articles do.
   */
  vocabularyLanguage(text: string, prior?: TextLanguage): TextLanguage | undefined;
  /** The product versions the corpus distinguishes (e.g. box3, box5). */
  versions: string[];
  /** What the articles in one language use, for spelling correction. */
  vocabulary(lang: TextLanguage): LanguageVocabulary;
  /** Every word of the `simple` column as stored, for spelling correction without a query per message. */
  lexicon: CorpusWords;
  /**
   * How the articles write a word the customer typed (lower case, accents as typed): the full-text
   * columns keep accents, customers often drop them ("redemarrer" is "redémarrer", "citta"
   * "città"). The word itself when the articles use it as typed ("da" stays "da", never "dà") or
   * never use it in any form; else the articles' forms of it, most used first, at most a few.
   */
  asWritten(word: string): string[];
};

type Loaded = {
  key: string;
  checkedAt: number;
  chunks: number;
  /** The `simple` column's words as stored (lower case, accents kept) and how many chunks contain each. */
  words: [string, number][];
  /** The same words by their first character, built on first use. */
  wordsByInitial?: Map<string, [string, number][]>;
  wordSet?: Set<string>;
  /** The words by their folded form, built on first use. */
  byFolded?: Map<string, string[]>;
  byLang: Map<TextLanguage, Map<string, number>>;
  /** Per folded word, how many chunks of each language contain it. */
  usage: Map<string, Partial<Record<TextLanguage, number>>>;
  /** The usage map's words by first letter, built on first use, for the misspelt-word lookup. */
  byInitial?: Map<string, string[]>;
  chunksPerLang: Partial<Record<TextLanguage, number>>;
  versions: string[];
};

// One table per database handle (tests open several in one process; the app has one).
const CACHE = Symbol.for('lantern.termStats');
type Holder = { [CACHE]?: WeakMap<Db, Loaded> };

function cache(): WeakMap<Db, Loaded> {
  const holder = globalThis as Holder;
  holder[CACHE] ??= new WeakMap();
  return holder[CACHE];
}

async function statsVersion(db: Db): Promise<string> {
  // lexeme_stats is rebuilt by every ingest that changes something; its size and total identify it.
  const [row] = await queryRows<{ n: number | string; total: number | string }>(
    db,
    sql`select count(*) as n, coalesce(sum(ndoc), 0) as total from lexeme_stats where field = 'tsv_simple'`,
  );
  return `${row?.n ?? 0}:${row?.total ?? 0}`;
}

/** How long a loaded table is trusted before checking whether another process re-ingested. */
const RECHECK_MS = 5_000;

/** Drops the cached statistics (ingest calls this after rebuilding them in this process). */
export function invalidateTermStats(db: Db): void {
  cache().delete(cacheKeyOf(db));
  // So are the documents' passage ids (ingest replaces a changed document's passages).
  dropPassageIds();
}

export async function loadTermStats(db: Db): Promise<TermStats> {
  let loaded = cache().get(cacheKeyOf(db));
  const fresh = loaded && Date.now() - loaded.checkedAt < RECHECK_MS;
  const key = fresh ? loaded!.key : await statsVersion(db);
  if (loaded && loaded.key === key) loaded.checkedAt = fresh ? loaded.checkedAt : Date.now();
  if (!loaded || loaded.key !== key) {
    const rows = await queryRows<{ word: string; ndoc: number }>(db, sql`select word, ndoc from lexeme_stats where field = 'tsv_simple'`);
    const total = rows.find((r) => r.word === '')?.ndoc ?? 0;
    // Counted at ingest (lib/rag/lexeme-stats.ts): counting here took 36 s at a million chunks.
    const perLang = await queryRows<{ lang: string; word: string; n: number }>(db, sql`select lang, word, nchunks as n from word_usage`);
    const sizes = await queryRows<{ lang: string; n: number }>(db, sql`select lang, count(*)::int as n from chunks group by lang`);
    const usage = new Map<string, Partial<Record<TextLanguage, number>>>();
    for (const row of perLang) {
      const lang = asTextLanguage(row.lang);
      if (!lang) continue;
      const word = fold(row.word);
      const entry = usage.get(word) ?? {};
      entry[lang] = (entry[lang] ?? 0) + Number(row.n);
      usage.set(word, entry);
    }
    const versions = await queryRows<{ version: string }>(db, sql`select distinct version from documents where version is not null order by version`);
    loaded = {
      versions: versions.map((v) => v.version),
      key,
      checkedAt: Date.now(),
      chunks: Number(total),
      words: rows.filter((r) => r.word !== '').map((r) => [r.word, Number(r.ndoc)]),
      byLang: new Map(),
      usage,
      chunksPerLang: Object.fromEntries(sizes.flatMap((s) => (asTextLanguage(s.lang) ? [[s.lang, Number(s.n)]] : []))),
    };
    cache().set(cacheKeyOf(db), loaded);
  }
  const current = loaded;
  const table = (lang: TextLanguage) => {
    let map = current.byLang.get(lang);
    if (!map) {
      map = new Map();
      // Several surface forms share a stem; the most frequent form is a fair lower bound for it.
      for (const [word, n] of current.words) {
        const s = termOf(fold(word), lang);
        map.set(s, Math.max(map.get(s) ?? 0, n));
      }
      current.byLang.set(lang, map);
    }
    return map;
  };
  const df = (term: string, lang: TextLanguage) => table(lang).get(term) ?? 0;
  // A word the corpus lacks, typed by a customer, is usually one it has with a typo or another
  // inflection ("neustarten", "aktiviren"): its nearest known word (same first letter, one edit
  // away, two for long words) says as much about the language. At most a few lookups per text.
  const nearestKnown = (word: string): string | undefined => {
    if (!current.byInitial) {
      current.byInitial = new Map();
      for (const known of current.usage.keys()) {
        const bucket = current.byInitial.get(known[0]!) ?? [];
        bucket.push(known);
        current.byInitial.set(known[0]!, bucket);
      }
    }
    const cap = word.length >= 8 ? 2 : 1;
    let best: { word: string; distance: number } | undefined;
    for (const known of current.byInitial.get(word[0]!) ?? []) {
      if (Math.abs(known.length - word.length) > cap) continue;
      const distance = editDistance(word, known, cap);
      if (distance <= cap && (!best || distance < best.distance)) best = { word: known, distance };
    }
    return best?.word;
  };
  const MAX_FUZZY_LOOKUPS = 3;
  const vocabularyLanguage = (text: string, prior?: TextLanguage): TextLanguage | undefined => {
    // Naive Bayes over the words the corpus knows: P(word | language) from chunk counts, smoothed.
    const langs = (Object.keys(current.chunksPerLang) as TextLanguage[]).filter((l) => (current.chunksPerLang[l] ?? 0) > 0);
    if (langs.length < 2) return undefined;
    const score = new Map<TextLanguage, number>(langs.map((l) => [l, 0]));
    let known = 0;
    let lookups = 0;
    for (const word of tokenize(text)) {
      if (/\d/.test(word)) continue;
      let entry = current.usage.get(word);
      if (!entry && word.length >= 5 && lookups < MAX_FUZZY_LOOKUPS) {
        lookups++;
        const near = nearestKnown(word);
        entry = near ? current.usage.get(near) : undefined;
      }
      if (!entry) continue;
      known++;
      for (const l of langs) score.set(l, score.get(l)! + Math.log(((entry[l] ?? 0) + 0.1) / current.chunksPerLang[l]!));
    }
    if (known === 0) return undefined;
    const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
    // Only a clear lead counts: e^2 ≈ 7 times likelier than the runner-up — or than the prior
    // ("wifi password box 3" on an English page is English, though Italian articles say "password" too).
    const rival = prior !== undefined && prior !== ranked[0]![0] && score.has(prior) ? score.get(prior)! : ranked[1]![1];
    if (ranked[0]![1] - rival >= 2) return ranked[0]![0];
    return prior !== undefined && score.has(prior) ? prior : undefined;
  };
  const lexicon: CorpusWords = {
    chunks: current.chunks,
    has: (word) => {
      current.wordSet ??= new Set(current.words.map(([w]) => w));
      return current.wordSet.has(word);
    },
    candidates: (initials, shortest, longest) => {
      if (!current.wordsByInitial) {
        current.wordsByInitial = new Map();
        for (const entry of current.words) {
          const bucket = current.wordsByInitial.get(entry[0][0]!) ?? [];
          bucket.push(entry);
          current.wordsByInitial.set(entry[0][0]!, bucket);
        }
      }
      return initials.flatMap((initial) =>
        (current.wordsByInitial!.get(initial) ?? []).filter(([w]) => w.length >= shortest && w.length <= longest).map(([word, ndoc]) => ({ word, ndoc })),
      );
    },
  };
  const MAX_WRITTEN_FORMS = 3;
  const asWritten = (word: string): string[] => {
    if (lexicon.has(word)) return [word];
    if (!current.byFolded) {
      current.byFolded = new Map();
      // Most frequent first, so the cap keeps the forms most passages use.
      for (const [known] of [...current.words].sort((a, b) => b[1] - a[1])) {
        const folded = fold(known);
        const forms = current.byFolded.get(folded) ?? [];
        if (forms.length < MAX_WRITTEN_FORMS) forms.push(known);
        current.byFolded.set(folded, forms);
      }
    }
    const forms = current.byFolded.get(fold(word)) ?? [];
    return forms.length > 0 ? forms : [word];
  };
  return {
    lexicon,
    asWritten,
    versions: current.versions,
    vocabularyLanguage,
    vocabulary: (lang) => ({
      hasStem: (word) => df(termOf(word, lang), lang) > 0,
      uses: (word) => (current.usage.get(word)?.[lang] ?? 0) > 0,
      stem: (word) => termOf(word, lang),
    }),
    chunks: current.chunks,
    df,
    // A word the corpus never uses weighs like one it uses once: no passage can contain it, so
    // weighing it more would only let colloquial words ("my thing blinks") veto good passages.
    idf: (term, lang) => Math.log(1 + current.chunks / (Math.max(df(term, lang), 1) + 0.5)),
  };
}
