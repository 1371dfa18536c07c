import { Pencil } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { listQuery, type GoldenPage } from '@/lib/console/golden/list';
import { LocalTime } from './local-time';
import { SourceLinks } from './source-links';

/** One page of golden answers. Edit links only for those who may write (the server checks again). */
export function GoldenList({ items, params, canWrite }: { items: GoldenPage['items']; params: GoldenPage['params']; canWrite: boolean }) {
  return (
    <ul className="grid gap-3" data-testid="golden-list">
      {items.map((g) => {
        const href = `/admin/golden/${encodeURIComponent(g.id)}`;
        return (
          <li key={g.id} className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm" data-testid="golden-row" data-id={g.id}>
            <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
              <h2 className="min-w-0 flex-1 font-medium leading-snug">
                <Link href={href} className="hover:underline">
                  {g.question}
                </Link>
              </h2>
              <div className="flex shrink-0 items-center gap-2">
                <Badge variant="outline" className="uppercase" title="Language">
                  {g.lang}
                </Badge>
                {canWrite && (
                  <Button asChild variant="ghost" size="sm" data-testid="golden-edit">
                    <Link href={href} aria-label={`Edit “${g.question}”`}>
                      <Pencil aria-hidden /> Edit
                    </Link>
                  </Button>
                )}
              </div>
            </div>
            <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{g.answer}</p>
            <div className="mt-3 grid gap-2 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
              <SourceLinks sources={g.sources} compact />
              <p className="text-xs text-muted-foreground sm:text-right">
                <span className="font-mono">{g.id}</span> · {g.updatedByName ? `${g.updatedByName}, ` : ''}
                <LocalTime iso={g.updatedAt.toISOString()} />
              </p>
            </div>
            {g.tags.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
                {g.tags.map((t) => (
                  <li key={t}>
                    <Link href={`/admin/golden${listQuery({ ...params, tag: t, page: 1 })}`} className="rounded-md" aria-label={`Only answers tagged ${t}`}>
                      <Badge variant="secondary" className="hover:bg-secondary/70">
                        {t}
                      </Badge>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
