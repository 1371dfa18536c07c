import { createEmbedder, type Embedder } from '@/lib/ai/models';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { runIngest, type IngestError } from '@/lib/rag/ingest/run';
import type { IngestStats } from '@/lib/db/schema';
import { startJob, type StartJobResult } from '@/lib/console/jobs/runner';

/**
 * "Re-ingest now": brings the index in sync with CONTENT_DIR, exactly as the start-up sync does
 * (lib/startup.ts): same folder, same source name (runIngest's default, the folder relative to
 * the working directory, e.g. content/articles), same embedder. Unchanged files are skipped.
 * With `scope` (a path inside the folder, already resolved by resolveIngestScope), only that
 * folder or file is brought in sync; the rest of the index is left as it is.
 */

export type IngestJobResult = { runId: number; source: string; scope: string | null; stats: IngestStats; errors: IngestError[]; durationMs: number };

export async function startIngestJob(
  db: Db,
  { config, userId, dir = config.content.dir, scope, embedder }: { config: Config; userId: string | null; dir?: string; scope?: string; embedder?: Embedder },
): Promise<StartJobResult> {
  return startJob(db, {
    kind: 'ingest',
    params: scope ? { dir, path: scope } : { dir },
    createdBy: userId,
    handler: async (job) => {
      const result = await runIngest(db, {
        dir,
        scope,
        embedder: embedder ?? createEmbedder(config.model),
        onProgress: (p) => job.progress({ phase: p.phase, done: p.done, total: p.total, errors: 0, ...(p.path ? { detail: p.path } : {}) }),
      });
      const jobResult: IngestJobResult = { runId: result.runId, source: result.source, scope: result.scope, stats: result.stats, errors: result.errors, durationMs: result.durationMs };
      return {
        result: jobResult,
        progress: { phase: 'done', done: result.stats.files, total: result.stats.files, errors: result.errors.length },
      };
    },
  });
}
