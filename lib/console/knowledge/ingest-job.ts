import { createEmbedder, type Embedder } from '@/lib/ai/models';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { markInterruptedIngestRuns } from '@/lib/db/queries/ingest-runs';
import { runIngest, type IngestError, type IngestOptions } from '@/lib/rag/ingest/run';
import { crawlOptionsOf, findWebsiteSource, sourceKey } from './website-sources';
import type { IngestStats, JobRow } from '@/lib/db/schema';
import { instanceId } from '@/lib/console/jobs/instance';
import { startJob, type JobHandler, type StartJobResult } from '@/lib/console/jobs/runner';

/**
 * "Re-ingest now": brings the index in sync with CONTENT_DIR, exactly as the start-up sync does
 * (lib/startup.ts): same folder, same source name (runIngest's default, the folder relative to
 * the working directory, e.g. content/articles), same embedder. Unchanged files are skipped, so
 * a resumed job (its instance died or shut down) re-does only what was not yet committed.
 * With `scope` (a path inside the folder, already resolved by resolveIngestScope), only that
 * folder or file is brought in sync; the rest of the index is left as it is.
 * While an ingest started elsewhere runs (a CLI, another instance's start-up sync), the job
 * fails at once with runIngest's "Another ingest is running (… by …)" message, shown in the
 * console: the user starts it again when that run is over (it then has little left to do).
 * A resumed job takes over the lease its own dead earlier attempt still holds.
 */

export type IngestJobResult = { runId: number; source: string; scope: string | null; stats: IngestStats; errors: IngestError[]; durationMs: number };

/** What an ingest job brings in sync: the content folder (or a path in it), or a website source. */
export type IngestTarget = { dir: string; scope?: string } | { websiteSourceId: number; rebuild?: boolean };

/** The work of an ingest job, from its params; used when it starts and when another instance resumes it. */
export function ingestJobHandler(db: Db, { config, embedder, ...target }: IngestTarget & { config: Config; embedder?: Embedder }): JobHandler {
  return async (context) => {
    // An earlier attempt died mid-run: its ingest run row can never finish.
    if (context.attempt > 1) await markInterruptedIngestRuns(db, { since: context.createdAt });
    let what: Pick<IngestOptions, 'dir' | 'scope' | 'website' | 'source' | 'rebuild'>;
    if ('websiteSourceId' in target) {
      const source = await findWebsiteSource(db, { id: target.websiteSourceId });
      if (!source) throw new Error('This website source was removed.');
      what = { website: crawlOptionsOf(source), source: sourceKey(source.id), rebuild: target.rebuild === true };
    } else {
      what = { dir: target.dir, scope: target.scope };
    }
    const result = await runIngest(db, {
      holder: `console job ${context.jobId} on instance ${instanceId()}`,
      // The job runner resumes a job only when its earlier attempt's instance stopped beating:
      // that attempt's lease (it lapses only after its TTL) is this attempt's to take over.
      ...(context.attempt > 1 ? { succeeds: `console job ${context.jobId} ` } : {}),
      ...what,
      embedder: embedder ?? createEmbedder(config.model),
      onProgress: (p) => context.progress({ phase: p.phase, done: p.done, total: p.total, errors: 0, ...(p.path ? { detail: p.path } : {}) }),
    });
    const jobResult: IngestJobResult = { runId: result.runId, source: result.source, scope: result.scope, stats: result.stats, errors: result.errors, durationMs: result.durationMs };
    return {
      result: jobResult,
      progress: { phase: 'done', done: result.stats.files, total: result.stats.files, errors: result.errors.length },
    };
  };
}

/** The folder and scope, or the website source, a stored ingest job works on (its params). */
export function ingestJobTarget(job: Pick<JobRow, 'params'>, config: Config): IngestTarget {
  const params = (job.params ?? {}) as { dir?: unknown; path?: unknown; websiteSourceId?: unknown; rebuild?: unknown };
  if (typeof params.websiteSourceId === 'number') return { websiteSourceId: params.websiteSourceId, rebuild: params.rebuild === true };
  return {
    dir: typeof params.dir === 'string' ? params.dir : config.content.dir,
    ...(typeof params.path === 'string' ? { scope: params.path } : {}),
  };
}

export async function startIngestJob(
  db: Db,
  { config, userId, dir = config.content.dir, scope, embedder }: { config: Config; userId: string | null; dir?: string; scope?: string; embedder?: Embedder },
): Promise<StartJobResult> {
  return startJob(db, {
    kind: 'ingest',
    params: scope ? { dir, path: scope } : { dir },
    createdBy: userId,
    handler: ingestJobHandler(db, { config, dir, scope, embedder }),
  });
}

/** Crawls a website source now ("Re-ingest now"), or with `rebuild` re-reads and re-embeds every page. */
export async function startWebsiteIngestJob(
  db: Db,
  { config, userId, websiteSourceId, rebuild = false, embedder }: { config: Config; userId: string | null; websiteSourceId: number; rebuild?: boolean; embedder?: Embedder },
): Promise<StartJobResult> {
  return startJob(db, {
    kind: 'ingest',
    params: { websiteSourceId, ...(rebuild ? { rebuild } : {}) },
    createdBy: userId,
    handler: ingestJobHandler(db, { config, websiteSourceId, rebuild, embedder }),
  });
}
