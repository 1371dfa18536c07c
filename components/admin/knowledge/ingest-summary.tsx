import type { IngestStats } from '@/lib/db/schema';

type ErrorItem = { path: string; message: string };

export function statsOf(result: unknown): { stats: IngestStats | null; errors: ErrorItem[] } {
  const r = (result && typeof result === 'object' ? result : {}) as { stats?: IngestStats; errors?: ErrorItem[] };
  return { stats: r.stats ?? null, errors: Array.isArray(r.errors) ? r.errors : [] };
}

export function StatsLine({ stats }: { stats: IngestStats | null }) {
  if (!stats) return <span className="text-muted-foreground">—</span>;
  return (
    <span>
      {stats.files} files: {stats.added} added, {stats.updated} updated, {stats.unchanged} unchanged, {stats.deleted} removed
      {stats.failed > 0 && <span className="text-destructive">, {stats.failed} failed</span>}
      {stats.chunksWritten > 0 && <span className="text-muted-foreground"> · {stats.chunksWritten} passages written</span>}
    </span>
  );
}

/** Per-file problems of one run, folded away when there are none. */
export function ErrorList({ errors }: { errors: ErrorItem[] }) {
  if (errors.length === 0) return <span className="text-muted-foreground">none</span>;
  return (
    <details>
      <summary className="cursor-pointer text-destructive">
        {errors.length} {errors.length === 1 ? 'problem' : 'problems'}
      </summary>
      <ul className="mt-2 grid gap-1 text-xs">
        {errors.map((e, i) => (
          <li key={`${e.path}-${i}`}>
            <code className="font-mono">{e.path}</code>: {e.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function IngestSummary({ result }: { result: unknown }) {
  const { stats, errors } = statsOf(result);
  const scope = (result as { scope?: unknown } | null)?.scope;
  return (
    <div className="grid gap-1 text-sm" data-testid="ingest-summary">
      {typeof scope === 'string' && (
        <p data-testid="ingest-scope">
          Only <code className="font-mono">{scope}</code>; the rest of the index was left as it was.
        </p>
      )}
      <StatsLine stats={stats} />
      {errors.length > 0 && <ErrorList errors={errors} />}
    </div>
  );
}
