import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedReads } from './pglite-prepared-reads.mjs';

/**
 * Reads as named prepared statements (what the app's PGlite runs): the same results and errors as
 * PGlite's own query(), each statement text parsed once, writes and transactions left alone.
 */
describe('PGlite reads as prepared statements', () => {
  let pg: PGlite;
  let query: ReturnType<typeof preparedReads>;
  const kept = async (text: string) =>
    (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [text])).rows[0]!.n;

  beforeAll(async () => {
    pg = await PGlite.create({ extensions: { vector } });
    query = preparedReads(pg);
    await pg.exec(`create extension if not exists vector;
      create table items (id int primary key, name text not null, tags text[], data jsonb, at timestamptz, v vector(3));
      insert into items values (1, 'one', '{a,b}', '{"x":[1,2]}', '2026-12-01 10:00:00+00', '[1,2,3]'), (2, 'two', null, null, null, null);`);
  }, 60_000);
  afterAll(async () => {
    await pg?.close();
  });

  it('returns what PGlite’s own query returns, with parameters of several types and its options', async () => {
    for (const [text, params] of [
      ['select * from items where id = $1', [1]],
      ['select id, name from items where name = any($1) order by id', [['one', 'two']]],
      ['select id from items where data @> $1::jsonb', [{ x: [1, 2] }]],
      ['select id, v <=> $1::vector as d from items where v is not null', ['[1,2,4]']],
      ['select * from items where id = $1', [2]],
    ] as [string, unknown[]][]) {
      const mine = await query(text, params);
      const theirs = await pg.query(text, params);
      expect(mine.rows, text).toEqual(theirs.rows);
      expect(mine.fields, text).toEqual(theirs.fields);
    }
    const raw = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
    expect((await query('select id, at from items where id = $1', [1], raw)).rows).toEqual((await pg.query('select id, at from items where id = $1', [1], raw)).rows);
  });

  it('parses a statement text once, however often and with whatever values it runs', async () => {
    const text = 'select name from items where id = $1';
    for (const id of [1, 2, 1, 2]) expect((await query<{ name: string }>(text, [id])).rows[0]!.name).toBe(id === 1 ? 'one' : 'two');
    expect(await kept(text)).toBe(1);
  });

  it('reports errors with their SQLSTATE, and the next query runs', async () => {
    await expect(query('select nope from items', [])).rejects.toMatchObject({ code: '42703' });
    await expect(query('select name from items where id = $1', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await query<{ n: number }>('select count(*)::int as n from items', [])).rows[0]!.n).toBe(2);
  });

  it('reads a table changed under a kept statement as it is now', async () => {
    const text = 'select * from items where id = $1';
    await query(text, [1]);
    await pg.exec('alter table items add column extra int default 7');
    expect((await query<Record<string, unknown>>(text, [1])).rows[0]).toMatchObject({ id: 1, extra: 7 });
    expect(await kept(text)).toBe(1);
  });

  it('sends writes through PGlite’s own query, unprepared, with their affected rows', async () => {
    const text = "update items set name = 'uno' where id = $1";
    expect((await query(text, [1])).affectedRows).toBe(1);
    expect(await kept(text)).toBe(0);
    await query("update items set name = 'one' where id = $1", [1]);
  });

  it('waits for an open transaction and reads what it committed', async () => {
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (3, 'three')");
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await insertedNow;
    const read = await query<{ n: number }>('select count(*)::int as n from items where id = $1', [3]);
    await transaction;
    expect(read.rows[0]!.n).toBe(1);
  });

  it('keeps at most 200 statements, closing the least recently used', async () => {
    for (let i = 0; i < 210; i++) await query(`select ${i} as n from items where id = $1`, [1]);
    const { rows } = await pg.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where name like 'lantern_read_%'");
    expect(rows[0]!.n).toBe(200);
    expect(await kept('select 209 as n from items where id = $1')).toBe(1);
    expect(await kept('select 0 as n from items where id = $1')).toBe(0);
  });
});
