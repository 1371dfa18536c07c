import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbedder, type Embedder } from '@/lib/ai/models';
import { parseConfig, type Config } from '@/lib/config';
import { instanceId } from '@/lib/console/jobs/instance';
import { jobSettled } from '@/lib/console/jobs/runner';
import { startIngestJob } from '@/lib/console/knowledge/ingest-job';
import type { Database } from '@/lib/db/client';
import { findJob } from '@/lib/db/queries/jobs';
import { acquireLease, clearLeases, releaseLease } from '@/lib/db/queries/leases';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { INGEST_LEASE } from '@/lib/rag/ingest/lock';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { ingestOnStart } from './startup-ingest';

/** The three ways an ingest starts, side by side: the start-up sync, the CLI, the console's job. */
describe.each(testBackends())('start-up, CLI and console ingests on $name', ({ open }) => {
  let database: Database;
  let config: Config;
  const local = createEmbedder({ provider: 'local' });
  const db = () => database.db;
  const duplicates = async () =>
    (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from (select 1 from chunks group by document_id, ordinal having count(*) > 1) d`))[0]!.n;

  beforeAll(async () => {
    database = await open();
    config = parseConfig({ CONTENT_DIR: writeTestCorpus() });
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await clearLeases(db());
  });

  it('while a console job ingests, the start-up sync is skipped (the app still starts) and the CLI is refused naming the job', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const embedding = new Promise<void>((resolve) => (reached = resolve));
    const embedder: Embedder = { id: local.id, embed: async (texts, options) => (reached(), await held, local.embed(texts, options)) };
    const started = await startIngestJob(db(), { config, userId: null, embedder });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    await embedding; // the job holds the lease now

    await expect(ingestOnStart(db(), config)).resolves.toBe(', content sync skipped (another ingest is running)');
    await expect(runIngest(db(), { dir: config.content.dir, embedder: local, holder: 'cli:host:1' })).rejects.toThrow(
      `by console job ${started.job.id} on instance ${instanceId()}); try again when it has finished.`,
    );

    release();
    await jobSettled(started.job.id);
    expect(await findJob(db(), { id: started.job.id })).toMatchObject({ status: 'succeeded' });
    expect(await duplicates()).toBe(0);
    // Only the job's run was recorded: the refused ones never started.
    const runs = await queryRows<{ status: string }>(db(), sql`select status from ingest_runs`);
    expect(runs).toEqual([{ status: 'succeeded' }]);
  });

  it('while a CLI ingests, a console job fails with the reason and the start-up sync is skipped; afterwards both run', async () => {
    const holder = 'cli:build-host:4242 #5eed5eed';
    expect((await acquireLease(db(), { name: INGEST_LEASE, holder, ttlMs: 10 * 60_000 })).acquired).toBe(true);

    const refused = await startIngestJob(db(), { config, userId: null, embedder: local });
    expect(refused.ok).toBe(true);
    if (!refused.ok) return;
    await jobSettled(refused.job.id);
    const failed = await findJob(db(), { id: refused.job.id });
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/^Another ingest is running \(started \d+ s ago by cli:build-host:4242\); try again when it has finished\.$/);
    expect(await ingestOnStart(db(), config)).toBe(', content sync skipped (another ingest is running)');

    expect(await releaseLease(db(), { name: INGEST_LEASE, holder })).toBe(true);
    const retried = await startIngestJob(db(), { config, userId: null, embedder: local });
    expect(retried.ok).toBe(true);
    if (!retried.ok) return;
    await jobSettled(retried.job.id);
    expect(await findJob(db(), { id: retried.job.id })).toMatchObject({ status: 'succeeded' });
    expect(await ingestOnStart(db(), config)).toMatch(/^, content 7 documents \(0 added, 0 updated, 0 removed\)$/);
    expect(await duplicates()).toBe(0);
  });

  it('lets any other failure of the start-up sync through to the caller', async () => {
    const broken = parseConfig({ CONTENT_DIR: '/nonexistent/lantern-content' });
    await expect(ingestOnStart(db(), broken)).rejects.toThrow();
  });
});
