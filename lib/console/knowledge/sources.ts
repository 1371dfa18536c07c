import { desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { ingestRuns, users, type IngestStats } from '@/lib/db/schema';

/** What the Knowledge page shows about the index: sources, their documents, chunks and languages, and the ingest runs. */

export type IngestRunView = {
  id: number;
  source: string;
  status: 'running' | 'succeeded' | 'failed' | 'interrupted';
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
  stats: IngestStats | null;
  errors: { path: string; message: string }[];
};

export type SourceView = {
  source: string;
  documents: number;
  chunks: number;
  internal: number;
  languages: { lang: string; documents: number }[];
  lastIngestedAt: Date | null;
  lastRun: IngestRunView | null;
};

/** One pass over documents (chunk counts per document from chunks_document_idx), grouped by source and language. */
export async function listSources(db: Db): Promise<SourceView[]> {
  const rows = await queryRows<{ source: string; lang: string; documents: number; chunks: number; internal: number; last_ingested: Date | string | null }>(
    db,
    sql`select d.source, d.lang,
        count(*)::int as documents,
        coalesce(sum(c.n), 0)::int as chunks,
        count(*) filter (where d.audience = 'internal')::int as internal,
        max(d.ingested_at) as last_ingested
      from documents d
      left join (select document_id, count(*)::int as n from chunks group by document_id) c on c.document_id = d.id
      group by d.source, d.lang
      order by d.source, d.lang`,
  );
  const lastRuns = await queryRows<Record<string, unknown>>(
    db,
    sql`select distinct on (source) id, source, status, started_at, finished_at, duration_ms, stats, errors
      from ingest_runs order by source, started_at desc, id desc`,
  );
  const runBySource = new Map(lastRuns.map((r) => [String(r.source), runView(r)]));
  const bySource = new Map<string, SourceView>();
  for (const r of rows) {
    const s = bySource.get(r.source) ?? { source: r.source, documents: 0, chunks: 0, internal: 0, languages: [], lastIngestedAt: null, lastRun: runBySource.get(r.source) ?? null };
    s.documents += Number(r.documents);
    s.chunks += Number(r.chunks);
    s.internal += Number(r.internal);
    s.languages.push({ lang: r.lang, documents: Number(r.documents) });
    const last = r.last_ingested ? new Date(r.last_ingested) : null;
    if (last && (!s.lastIngestedAt || last > s.lastIngestedAt)) s.lastIngestedAt = last;
    bySource.set(r.source, s);
  }
  // A source whose documents are all gone still has its runs.
  for (const [source, run] of runBySource) {
    if (!bySource.has(source)) bySource.set(source, { source, documents: 0, chunks: 0, internal: 0, languages: [], lastIngestedAt: null, lastRun: run });
  }
  return [...bySource.values()].sort((a, b) => b.documents - a.documents || a.source.localeCompare(b.source));
}

function runView(r: Record<string, unknown>): IngestRunView {
  const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    id: Number(r.id),
    source: String(r.source),
    status: r.status as IngestRunView['status'],
    startedAt: date(r.started_at)!,
    finishedAt: date(r.finished_at),
    durationMs: r.duration_ms === null || r.duration_ms === undefined ? null : Number(r.duration_ms),
    stats: (r.stats as IngestStats | null) ?? null,
    errors: Array.isArray(r.errors) ? (r.errors as IngestRunView['errors']) : [],
  };
}

/** The latest ingest runs of every source (start-up syncs, the CLI and the console alike), newest first. */
export async function listIngestRuns(db: Db, { limit = 20 }: { limit?: number } = {}): Promise<IngestRunView[]> {
  const rows = await db.select().from(ingestRuns).orderBy(desc(ingestRuns.startedAt), desc(ingestRuns.id)).limit(limit);
  return rows.map((r) => ({ ...r, errors: r.errors ?? [] }));
}

/** Display names for the people who started jobs. */
export async function userNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
