import { createEmbedder } from '@/lib/ai/models';
import type { Config } from '@/lib/config';
import { instanceId } from '@/lib/console/jobs/instance';
import type { Db } from '@/lib/db/client';
import { errorFields, log } from '@/lib/observability/logger';
import { isIngestBusyError } from '@/lib/rag/ingest/lock';
import { runIngest } from '@/lib/rag/ingest/run';

/**
 * The content sync at start (INGEST_ON_START): brings the index in sync with CONTENT_DIR.
 * When another ingest holds the database (another instance starting at the same moment, a CLI,
 * a console job), this one is skipped with a warning and the app starts anyway, serving the
 * index as it is; that other run is syncing it. Any other failure is the caller's to report.
 * Returns the clause for the "Lantern ready" line.
 */
export async function ingestOnStart(db: Db, config: Config): Promise<string> {
  try {
    const result = await runIngest(db, { dir: config.content.dir, embedder: createEmbedder(config.model), holder: `start-up of instance ${instanceId()}` });
    const s = result.stats;
    return `, content ${s.added + s.updated + s.unchanged} documents (${s.added} added, ${s.updated} updated, ${s.deleted} removed${s.failed ? `, ${s.failed} failed — see npm run ingest` : ''})`;
  } catch (error) {
    if (!isIngestBusyError(error)) throw error;
    log().warn(errorFields(error), `Content sync at start skipped: ${error.message}`);
    return ', content sync skipped (another ingest is running)';
  }
}
