import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbedder, type Embedder } from '@/lib/ai/models';
import { parseConfig } from '@/lib/config';
import { openConfiguredDatabase } from '@/lib/db';
import { openPostgres, type Database, type Db } from '@/lib/db/client';
import { acquireLease, clearLeases, findLeaseHolder } from '@/lib/db/queries/leases';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { INGEST_LEASE, IngestBusyError } from './lock';
import { runIngest, type IngestResult } from './run';
import { ARTICLES, writeTestCorpus } from './test-corpus';

const local = createEmbedder({ provider: 'local' });
const CORPUS_FILES = Object.keys(ARTICLES).length + 1; // and one PDF manual

/** The local embedder, which first awaits `before` (once): a hook into the middle of a run. */
function embedderWith(before: () => Promise<void>): Embedder {
  let pending: Promise<void> | null = null;
  return { id: local.id, embed: async (texts, options) => (await (pending ??= before()), local.embed(texts, options)) };
}

describe.each(testBackends())('one ingest at a time on $name', ({ name, open }) => {
  let database: Database;
  /** Handles on the same database, as separate processes would hold (one handle on PGlite: one process owns it). */
  let handles: Db[];
  let extra: Database[] = [];
  let dir: string;
  const db = () => database.db;
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db(), query))[0]!.n;
  const chunkContents = async () => (await queryRows<{ content: string }>(db(), sql`select content from chunks order by document_id, ordinal`)).map((r) => r.content);

  beforeAll(async () => {
    database = await open();
    extra = name === 'postgres' ? await Promise.all([1, 2].map(() => openPostgres({ url: database.url!, max: 2 }))) : [];
    handles = name === 'postgres' ? [database.db, ...extra.map((e) => e.db)] : [database.db, database.db, database.db];
    dir = writeTestCorpus();
  });
  afterAll(async () => {
    await Promise.all(extra.map((e) => e.close()));
    await database?.close();
  });
  beforeEach(async () => {
    await clearLeases(db());
  });

  it('three ingests started at once (start-up, CLI, console job): one writes, the others are refused naming it', async () => {
    // Every run waits in its first embedding call until two runs have settled, so the winner is
    // still running while the others try: the outcome cannot depend on who is faster. (Should
    // all three get that far, nothing serialised them: let them go, and the checks below fail.)
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let embedding = 0;
    const holders = ['start-up of instance A', 'cli:host-b:4242', 'console job 7 on instance C'];
    const runs = handles.map((handle, i) => {
      const embedder = embedderWith(() => (++embedding === handles.length && openGate(), gate));
      return runIngest(handle, { dir, source: 'test', embedder, holder: holders[i] });
    });
    let settled = 0;
    for (const run of runs) void run.catch(() => {}).finally(() => ++settled === 2 && openGate());
    const outcomes = await Promise.allSettled(runs);

    const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [{ i, result: o.value as IngestResult }] : []));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(2);
    const winner = holders[won[0]!.i]!;
    for (const error of refused) {
      expect(error).toBeInstanceOf(IngestBusyError);
      expect((error as Error).message).toMatch(/^Another ingest is running \(started \d+ s ago by (.+)\); try again when it has finished\.$/);
      // Named by its label, not by the token that keeps acquisitions apart.
      expect((error as Error).message).toContain(`by ${winner});`);
    }

    // The index is complete, written once: no duplicate (document_id, ordinal), every file's document there.
    const { stats } = won[0]!.result;
    expect(stats).toMatchObject({ files: CORPUS_FILES, added: CORPUS_FILES, failed: 0 });
    expect(await count(sql`select count(*)::int as n from documents`)).toBe(CORPUS_FILES);
    expect(await count(sql`select count(*)::int as n from chunks`)).toBe(stats.chunksWritten);
    expect(await count(sql`select count(*)::int as n from (select document_id, ordinal from chunks group by 1, 2 having count(*) > 1) d`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from documents d where not exists (select 1 from chunks c where c.document_id = d.id)`)).toBe(0);
    // Refused runs leave no run behind, and the winner gave the lease back.
    expect(await count(sql`select count(*)::int as n from ingest_runs`)).toBe(1);
    expect(await findLeaseHolder(db(), { name: INGEST_LEASE })).toBeNull();

    // Then the next ingest, from anywhere, runs.
    const next = await runIngest(handles[2]!, { dir, source: 'test', embedder: local });
    expect(next.stats).toMatchObject({ unchanged: CORPUS_FILES, chunksWritten: 0 });
  });

  it('a run that lost its lease (it stalled; another took over) commits nothing', async () => {
    const before = await chunkContents();
    const file = path.join(dir, 'en', 'roaming.md');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, original.replace('CHF 2.90', 'CHF 3.50'));
    try {
      // Mid-run, someone else holds the lease: as after this run stopped renewing past the TTL.
      const embedder = embedderWith(async () => {
        await handles[1]!.execute(sql`update leases set holder = 'thief', acquired_at = clock_timestamp() where name = ${INGEST_LEASE}`);
      });
      await expect(runIngest(db(), { dir, source: 'test', embedder })).rejects.toThrow(/lost its lock/);
      expect(await chunkContents()).toEqual(before);
      // Its release did not free the thief's lease.
      expect((await findLeaseHolder(db(), { name: INGEST_LEASE }))?.holder).toBe('thief');
      const [run] = await queryRows<{ status: string }>(db(), sql`select status from ingest_runs order by id desc limit 1`);
      expect(run!.status).toBe('failed');
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('a writer that bypassed the lease makes the run fail cleanly: rolled back, the other writer’s data intact', async () => {
    const before = await chunkContents();
    const file = path.join(dir, 'en', 'roaming.md');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, original.replace('CHF 2.90', 'CHF 4.10'));
    fs.writeFileSync(path.join(dir, 'en', 'race.md'), '---\nid: race-en\ntitle: Raced\nurl: raced\nlang: en\n---\nThis file is written by two writers at once.');
    try {
      // Between this run's reading of the index and its write, another writer adds the same new document.
      const intruder = `insert into documents (id, source, path, title, slug, lang, audience, body, content_hash) values ('race-en', 'test', 'en/race.md', 'Raced', 'raced', 'en', 'public', 'intruder', 'x')`;
      const embedder = embedderWith(async () => {
        await handles[1]!.execute(sql.raw(intruder));
        await handles[1]!.execute(
          sql`insert into chunks (document_id, ordinal, title, heading_path, content, lang, ts_config, audience, embedding, embedding_model, embedding_dim)
              select 'race-en', 0, 'Raced', '', 'intruder chunk', 'en', 'english', 'public', embedding, embedding_model, embedding_dim from chunks limit 1`,
        );
      });
      await expect(runIngest(db(), { dir, source: 'test', embedder })).rejects.toThrow(/Another writer changed the same documents.*rolled back/);
      // Nothing of this run is there (its change to roaming.md included); the intruder's rows are.
      expect(await queryRows(db(), sql`select content from chunks where document_id = 'race-en'`)).toEqual([{ content: 'intruder chunk' }]);
      expect((await chunkContents()).filter((c) => c !== 'intruder chunk')).toEqual(before);
      const [run] = await queryRows<{ status: string; errors: { message: string }[] }>(db(), sql`select status, errors from ingest_runs order by id desc limit 1`);
      expect(run).toMatchObject({ status: 'failed', errors: [{ message: expect.stringMatching(/Another writer/) }] });
      expect(await findLeaseHolder(db(), { name: INGEST_LEASE })).toBeNull();
    } finally {
      fs.writeFileSync(file, original);
      fs.rmSync(path.join(dir, 'en', 'race.md'));
      await db().execute(sql`delete from documents where id = 'race-en'`);
    }
  });

  it('refuses a second chunk with the same (document_id, ordinal)', async () => {
    const duplicate = db().execute(
      sql`insert into chunks (document_id, ordinal, title, heading_path, content, lang, ts_config, audience, embedding, embedding_model, embedding_dim)
          select document_id, ordinal, title, heading_path, content, lang, ts_config, audience, embedding, embedding_model, embedding_dim from chunks limit 1`,
    );
    const error = await duplicate.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe('the embedded database', () => {
  it('drops a lease left by a killed process when the next one opens it, so that one can ingest at once', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-lease-'));
    try {
      const config = parseConfig({ PGLITE_DIR: path.join(root, 'pglite') });
      const first = await openConfiguredDatabase(config);
      // What a process killed mid-ingest leaves: a lease that has not expired yet.
      expect((await acquireLease(first.db, { name: INGEST_LEASE, holder: 'cli:host:1 #dead', ttlMs: 10 * 60_000 })).acquired).toBe(true);
      await first.close();

      const next = await openConfiguredDatabase(config);
      try {
        expect(await findLeaseHolder(next.db, { name: INGEST_LEASE })).toBeNull();
        const result = await runIngest(next.db, { dir: writeTestCorpus(), source: 'test', embedder: local });
        expect(result.stats.added).toBe(CORPUS_FILES);
      } finally {
        await next.close();
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
