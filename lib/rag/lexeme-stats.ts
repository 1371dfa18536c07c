import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

/**
 * Recounts, for both text-search columns, how many chunks contain each lexeme. The empty word
 * holds the number of chunks, so a frequency can be read as a fraction. Also recounts, per
 * language, how many chunks contain each surface word (word_usage, read by lib/rag/term-stats.ts).
 */
export async function refreshLexemeStats(db: Db): Promise<void> {
  await db.execute(sql`delete from lexeme_stats`);
  await db.execute(sql`insert into lexeme_stats (field, word, ndoc) select f, '', count(*) from chunks, unnest(array['tsv', 'tsv_simple']) f group by f`);
  await db.execute(sql`insert into lexeme_stats (field, word, ndoc) select 'tsv', word, ndoc from ts_stat('select tsv from chunks')`);
  await db.execute(
    sql`insert into lexeme_stats (field, word, ndoc) select 'tsv_simple', word, ndoc from ts_stat('select tsv_simple from chunks')`,
  );
  await db.execute(sql`delete from word_usage`);
  await db.execute(
    sql`insert into word_usage (lang, word, nchunks)
        select c.lang, w.word, count(*)::int from chunks c cross join lateral unnest(tsvector_to_array(c.tsv_simple)) as w(word) group by c.lang, w.word`,
  );
}
