import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { acquireLease, releaseLease } from '@/lib/db/queries/leases';
import { queryRows } from '@/lib/db/rows';
import { openThrowawayPostgres } from '@/lib/db/test-databases';
import { INGEST_LEASE } from '@/lib/rag/ingest/lock';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { spawnScript } from './spawn-script';

/** Runs `npm run ingest` (tsx scripts/ingest.ts) as its own process against `databaseUrl`. */
const ingestCli = (databaseUrl: string, dir: string) => spawnScript('ingest.ts', ['--dir', dir, '--source', 'test'], { DATABASE_URL: databaseUrl });

// A second process on a shared server: PostgreSQL only (an embedded data dir has one owner).
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('npm run ingest while another ingest holds the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openThrowawayPostgres(url!);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is refused with the holder named and a non-zero exit, writes nothing, and runs once the other has finished', async () => {
    const dir = writeTestCorpus();
    const holder = 'console job 9 on instance web-1:17:ab12cd34 #0badf00d';
    const taken = await acquireLease(database.db, { name: INGEST_LEASE, holder, ttlMs: 10 * 60_000 });
    expect(taken.acquired).toBe(true);

    const refused = await ingestCli(database.url!, dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Error: Another ingest is running \(started \d+ s ago by console job 9 on instance web-1:17:ab12cd34\); try again when it has finished\./);
    const count = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from documents`))[0]!.n;
    expect(await count()).toBe(0);

    expect(await releaseLease(database.db, { name: INGEST_LEASE, holder })).toBe(true);
    const done = await ingestCli(database.url!, dir);
    expect(done.stderr).not.toMatch(/Error:/);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^Ingested test in .* 7 added/m);
    expect(await count()).toBe(7);
  }, 120_000);
});
