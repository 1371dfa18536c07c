import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client';
import { migrateDatabase } from './migrate';
import { queryRows } from './rows';
import { settings } from './schema';
import { isUniqueViolation } from './unique-violation';

/**
 * PGlite on its worker thread (what the app runs): the same results, errors and transactions as
 * in the app's own thread, while the app's thread stays free during a query.
 */
describe('PGlite on a worker thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPglite({ onWorkerThread: true });
    await migrateDatabase(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('returns rows with their types, as drizzle reads them', async () => {
    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select 42::int as n, 'x'::text as t, '{"a":[1,2]}'::jsonb as j, '2026-11-28 10:00:00+00'::timestamptz as at, '[1,2,3]'::vector as v, ${'param'} as p`,
    );
    expect(row).toMatchObject({ n: 42, t: 'x', j: { a: [1, 2] }, p: 'param', v: '[1,2,3]' });
    // drizzle keeps timestamps as PostgreSQL writes them; its parsers say so and reach the thread.
    expect(typeof row!.at).toBe('string');
    await database.db.insert(settings).values({ key: 'worker-test', value: 'one' });
    const [stored] = await database.db.select().from(settings).where(eq(settings.key, 'worker-test'));
    expect(stored).toMatchObject({ key: 'worker-test', value: 'one' });
    expect(stored!.updatedAt).toBeInstanceOf(Date);
  });

  it('runs reads as prepared statements, each planned for its own values (lib/db/pglite-prepared-reads.mjs)', async () => {
    await queryRows(database.db, sql`select key from settings where key = ${'worker-a'}`);
    await queryRows(database.db, sql`select key from settings where key = ${'worker-b'}`);
    const [kept] = await queryRows<{ n: number; mode: string }>(
      database.db,
      sql`select count(*)::int as n, current_setting('plan_cache_mode') as mode from pg_prepared_statements where statement = ${'select key from settings where key = $1'}`,
    );
    expect(kept).toEqual({ n: 1, mode: 'force_custom_plan' });
  });

  it('keeps the SQLSTATE of an error, so a duplicate is told apart', async () => {
    await database.db.insert(settings).values({ key: 'worker-dup', value: 'a' });
    const error = await database.db
      .insert(settings)
      .values({ key: 'worker-dup', value: 'b' })
      .then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    await expect(queryRows(database.db, sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: 'worker-tx-1', value: 'kept' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: 'worker-tx-2', value: 'lost' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: 'worker-tx-3', value: 'lost' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    const keys = (await database.db.select({ key: settings.key }).from(settings)).map((r) => r.key);
    expect(keys).toContain('worker-tx-1');
    expect(keys).not.toContain('worker-tx-2');
    expect(keys).not.toContain('worker-tx-3');
  });

  it('lets a query from outside wait for an open transaction, then see its rows', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: 'worker-wait', value: 'v' });
      inserted();
      await held;
    });
    await didInsert;
    let outsideDone = false;
    const outside = database.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'worker-wait'))
      .then((rows) => {
        outsideDone = true;
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    await transaction;
    expect(await outside).toHaveLength(1);
  });

  it('leaves the app’s thread free while a query runs', async () => {
    let turns = 0;
    let done = false;
    const query = queryRows(database.db, sql`select count(*) from generate_series(1, 1000000)`).finally(() => (done = true));
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await query;
    // In the app's thread the query would hold it until done: one turn at most.
    expect(turns).toBeGreaterThan(10);
  });
});

describe('PGlite on a worker thread, on disk', () => {
  it('keeps what was written across a close and a reopen, and refuses calls once closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-worker-'));
    try {
      const first = await openPglite({ dataDir: path.join(dir, 'pg'), onWorkerThread: true });
      await migrateDatabase(first);
      await first.db.insert(settings).values({ key: 'worker-disk', value: 'stays' });
      await first.close();
      // drizzle names the query and keeps the reason as its cause.
      const refused = await first.db.select().from(settings).then(() => null, (e: Error) => e);
      expect((refused?.cause as Error | undefined)?.message).toBe('The embedded database is closed');
      const second = await openPglite({ dataDir: path.join(dir, 'pg'), onWorkerThread: true });
      try {
        const [row] = await second.db.select().from(settings).where(eq(settings.key, 'worker-disk'));
        expect(row?.value).toBe('stays');
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails to open with the database’s own reason when it cannot start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-worker-'));
    try {
      const notADir = path.join(dir, 'file');
      fs.writeFileSync(notADir, 'not a database');
      await expect(openPglite({ dataDir: notADir, onWorkerThread: true })).rejects.toThrow(/^The embedded database \(.*file\) could not start: /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
