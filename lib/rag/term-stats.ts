import { sql } from 'drizzle-orm';
import { fold, stem, type TextLanguage } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';

/**
 * How many chunks contain each word, read from lexeme_stats (the `simple` column: surface
 * forms) and regrouped by our own stems per language. The chat uses it as IDF: how telling a
 * question's word is, and whether the corpus knows it at all.
 */
export type TermStats = {
  chunks: number;
  /** Chunks containing the stem (0 when the corpus never uses the word). */
  df(term: string, lang: TextLanguage): number;
  /** Inverse document frequency: rare and unknown words weigh most. */
  idf(term: string, lang: TextLanguage): number;
};

type Loaded = { key: string; chunks: number; words: [string, number][]; byLang: Map<TextLanguage, Map<string, number>> };

const CACHE = Symbol.for('lantern.termStats');
type Holder = { [CACHE]?: Loaded };

async function statsVersion(db: Db): Promise<string> {
  // lexeme_stats is rebuilt by every ingest that changes something; its size and total identify it.
  const [row] = await queryRows<{ n: number | string; total: number | string }>(
    db,
    sql`select count(*) as n, coalesce(sum(ndoc), 0) as total from lexeme_stats where field = 'tsv_simple'`,
  );
  return `${row?.n ?? 0}:${row?.total ?? 0}`;
}

export async function loadTermStats(db: Db): Promise<TermStats> {
  const holder = globalThis as Holder;
  const key = await statsVersion(db);
  let loaded = holder[CACHE];
  if (!loaded || loaded.key !== key) {
    const rows = await queryRows<{ word: string; ndoc: number }>(db, sql`select word, ndoc from lexeme_stats where field = 'tsv_simple'`);
    const total = rows.find((r) => r.word === '')?.ndoc ?? 0;
    loaded = { key, chunks: Number(total), words: rows.filter((r) => r.word !== '').map((r) => [fold(r.word), Number(r.ndoc)]), byLang: new Map() };
    holder[CACHE] = loaded;
  }
  const current = loaded;
  const table = (lang: TextLanguage) => {
    let map = current.byLang.get(lang);
    if (!map) {
      map = new Map();
      // Several surface forms share a stem; the most frequent form is a fair lower bound for it.
      for (const [word, n] of current.words) {
        const s = stem(word, lang);
        map.set(s, Math.max(map.get(s) ?? 0, n));
      }
      current.byLang.set(lang, map);
    }
    return map;
  };
  const df = (term: string, lang: TextLanguage) => table(lang).get(term) ?? 0;
  return {
    chunks: current.chunks,
    df,
    idf: (term, lang) => Math.log(1 + current.chunks / (df(term, lang) + 0.5)),
  };
}
