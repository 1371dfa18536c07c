import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import type { Database } from '@/lib/db/client';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from './run';
import { writeTestCorpus } from './test-corpus';

/**
 * An ingest is CPU work (chunking, the built-in embedder) that never waits on I/O between
 * batches. It must still let the event loop run between them, or the server stops answering
 * requests, job heartbeats and lease renewals for the whole run (and another instance takes its
 * job over as dead).
 */
describe.each(testBackends())('ingest and the event loop on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets other callbacks run between embedding batches', async () => {
    let turns = 0;
    let handle: NodeJS.Immediate | undefined;
    const turn = () => {
      turns++;
      handle = setImmediate(turn);
    };
    handle = setImmediate(turn);
    const seen: number[] = [];
    try {
      await runIngest(database.db, {
        dir,
        source: 'test',
        embedder: createEmbedder({ provider: 'local' }),
        onProgress: (p) => {
          if (p.phase === 'embed') seen.push(turns);
        },
      });
    } finally {
      clearImmediate(handle);
    }
    expect(seen.length).toBeGreaterThan(2);
    // Between every two batches the event loop took at least one turn.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!, `batch ${i}`).toBeGreaterThan(seen[i - 1]!);
  });
});
