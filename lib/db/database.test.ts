import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationState } from './migrate';
import { queryRows } from './rows';
import { testBackends } from './test-databases';
import { openPglite, PGLITE_SHARED_BUFFERS, VECTOR_SEARCH_SETTINGS, type Database } from './client';

describe.each(testBackends())('database on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has applied every migration in drizzle/', async () => {
    const state = await migrationState(database);
    expect(state.expected).toBeGreaterThanOrEqual(2);
    expect(state).toMatchObject({ applied: state.expected, pending: 0 });
  });

  it('re-running migrations is a no-op', async () => {
    await migrateDatabase(database);
    expect((await migrationState(database)).pending).toBe(0);
  });

  it('has pgvector with a working HNSW cosine index', async () => {
    const [ext] = await queryRows<{ extversion: string }>(
      database.db,
      sql`select extversion from pg_extension where extname = 'vector'`,
    );
    expect(ext?.extversion).toMatch(/^0\.\d+\.\d+$/);
    await database.db.execute(sql`create temporary table vt (id int, embedding vector(3))`);
    await database.db.execute(sql`create index on vt using hnsw (embedding vector_cosine_ops)`);
    await database.db.execute(sql`insert into vt values (1, '[1,0,0]'), (2, '[0,1,0]'), (3, '[0.9,0.1,0]')`);
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`select id from vt order by embedding <=> '[1,0,0]' limit 2`,
    );
    expect(rows.map((r) => r.id)).toEqual([1, 3]);
  });

  it('searches vectors with a wide HNSW candidate list and iterative scans in every session', async () => {
    // Several at once, so a pool opens more than one connection.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        queryRows<{ ef: string; scan: string }>(database.db, sql`select current_setting('hnsw.ef_search') as ef, current_setting('hnsw.iterative_scan') as scan`),
      ),
    );
    for (const [row] of settings) expect(row).toEqual({ ef: VECTOR_SEARCH_SETTINGS['hnsw.ef_search'], scan: VECTOR_SEARCH_SETTINGS['hnsw.iterative_scan'] });
    expect(Number(VECTOR_SEARCH_SETTINGS['hnsw.ef_search'])).toBeGreaterThan(40);
  });

  it('keeps a chunk\'s vector in its row, not in the TOAST table', async () => {
    const [column] = await queryRows<{ attstorage: string }>(
      database.db,
      sql`select attstorage from pg_attribute where attrelid = 'chunks'::regclass and attname = 'embedding'`,
    );
    expect(column?.attstorage).toBe('m');
    const [table] = await queryRows<{ reloptions: string[] | string | null }>(database.db, sql`select reloptions from pg_class where relname = 'chunks'`);
    expect(String(table?.reloptions)).toContain('toast_tuple_target=8160');
  });

  it('returns rows in one shape with int8 as numbers', async () => {
    const rows = await queryRows<{ n: number; big: number }>(
      database.db,
      sql`select count(*) as n, 9007199254740991::int8 as big from generate_series(1, 3)`,
    );
    expect(rows).toEqual([{ n: 3, big: 9007199254740991 }]);
  });

  it('has the text-search configurations the four languages need', async () => {
    const rows = await queryRows<{ cfgname: string }>(
      database.db,
      sql`select cfgname from pg_ts_config where cfgname in ('english','german','french','italian','simple') order by cfgname`,
    );
    expect(rows.map((r) => r.cfgname)).toEqual(['english', 'french', 'german', 'italian', 'simple']);
  });
});

describe('the embedded database', () => {
  it('runs with small shared buffers (resident memory inside the app process)', async () => {
    const database = await openPglite();
    try {
      const [row] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
      expect(row!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await database.close();
    }
  });
});
