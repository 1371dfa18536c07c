import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import type { IngestJobResult } from '@/lib/console/knowledge/ingest-job';
import type { Database } from '@/lib/db/client';
import { findJob } from '@/lib/db/queries/jobs';
import { createUser } from '@/lib/db/queries/users';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { jobRequestSchema, startRequestedJob } from './requests';
import { jobSettled } from './runner';

describe('job requests: the ingest path', () => {
  it('accepts an ingest with or without a path', () => {
    expect(jobRequestSchema.safeParse({ kind: 'ingest' }).success).toBe(true);
    expect(jobRequestSchema.parse({ kind: 'ingest', path: 'de' })).toEqual({ kind: 'ingest', path: 'de' });
  });

  it.each(['../../etc', '/etc/passwd', 'articles/../../..', 'de\u0000', '..\\..', ''])('refuses the path %j by its shape', (p) => {
    expect(jobRequestSchema.safeParse({ kind: 'ingest', path: p }).success).toBe(false);
  });

  it('takes no path on an evaluation', () => {
    expect(jobRequestSchema.safeParse({ kind: 'eval', eval: 'retrieval', path: 'de' }).success).toBe(false);
  });
});

describe.each(testBackends())('starting a scoped ingest on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  let userId: string;
  const jobCount = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from jobs`))[0]!.n;

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    userId = (await createUser(database.db, { email: 'expert@example.com', name: 'Expert', passwordHash: 'x', role: 'expert' })).id;
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a path that does not exist or leads outside the content folder, and creates no job', async () => {
    const config = parseConfig({ CONTENT_DIR: dir });
    fs.symlinkSync(path.dirname(dir), path.join(dir, 'up'));
    try {
      for (const p of ['fr', '%2e%2e/', 'up']) {
        const started = await startRequestedJob(database.db, { request: { kind: 'ingest', path: p }, config, userId });
        expect(started).toEqual({ ok: false, reason: 'invalid', message: expect.stringMatching(/does not exist|leads outside/) });
      }
    } finally {
      fs.rmSync(path.join(dir, 'up'));
    }
    expect(await jobCount()).toBe(0);
  });

  it('starts a job for one folder, recorded in its params and result', async () => {
    const config = parseConfig({ CONTENT_DIR: dir });
    const started = await startRequestedJob(database.db, { request: { kind: 'ingest', path: 'de/' }, config, userId });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.job.params).toEqual({ dir, path: 'de' });
    await jobSettled(started.job.id);
    const job = await findJob(database.db, { id: started.job.id });
    expect(job).toMatchObject({ status: 'succeeded' });
    const result = job!.result as IngestJobResult;
    expect(result).toMatchObject({ scope: 'de', stats: { files: 1, added: 1 } });
    const ids = await queryRows<{ id: string }>(database.db, sql`select id from documents`);
    expect(ids.map((r) => r.id)).toEqual(['restart-box5-de']);
  });
});
