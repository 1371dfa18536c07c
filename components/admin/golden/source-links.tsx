import { FileWarning, Lock } from 'lucide-react';
import Link from 'next/link';
import type { SourceLink } from '@/lib/console/golden/list';

/** A golden answer's backing articles: links, internal ones marked, unknown ids flagged as broken. */
export function SourceLinks({ sources, compact = false }: { sources: SourceLink[]; compact?: boolean }) {
  if (sources.length === 0) return <span className="text-sm text-muted-foreground">No source articles</span>;
  return (
    <ul className={compact ? 'flex flex-wrap gap-x-3 gap-y-1 text-sm' : 'grid gap-1.5 text-sm'} aria-label="Source articles">
      {sources.map((s) =>
        s.broken ? (
          <li key={s.id} className="inline-flex items-center gap-1 text-destructive" data-testid="golden-source" data-broken="true" title="No article has this id: the chat cannot cite it.">
            <FileWarning className="size-3.5" aria-hidden />
            <span className="font-mono text-xs">{s.id}</span>
            <span className="text-xs">(broken: no such article)</span>
          </li>
        ) : (
          <li key={s.id} className="inline-flex min-w-0 items-center gap-1" data-testid="golden-source" data-broken="false">
            <Link href={s.url} className="truncate text-primary underline-offset-4 hover:underline" title={s.id}>
              {s.title}
            </Link>
            {s.internal && (
              <span className="inline-flex items-center gap-0.5 text-xs text-muted-foreground" title="Internal article: customers never see it, so the chat does not cite it.">
                <Lock className="size-3" aria-hidden /> internal
              </span>
            )}
          </li>
        ),
      )}
    </ul>
  );
}
