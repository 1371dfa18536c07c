import { History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { GoldenVersion } from '@/lib/db/queries/golden-answer-versions';
import { ACTION_LABELS, changesOf } from '@/lib/console/golden/history';
import { LocalTime } from './local-time';

/** Who changed what and when, newest first; each entry lists the fields it changed, before → after. */
export function GoldenHistory({ versions }: { versions: GoldenVersion[] }) {
  return (
    <section aria-labelledby="golden-history-title" className="grid gap-3" data-testid="golden-history">
      <h2 id="golden-history-title" className="flex items-center gap-2 text-lg font-semibold">
        <History className="size-4" aria-hidden /> History
      </h2>
      {versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No recorded changes: this answer was seeded and has not been edited since.</p>
      ) : (
        <ol className="grid gap-3">
          {versions.map((v) => {
            const changes = changesOf(v);
            return (
              <li key={v.id} className="rounded-lg border p-3" data-testid="golden-version" data-action={v.action}>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={v.action === 'delete' ? 'destructive' : v.action === 'create' ? 'success' : 'secondary'}>{ACTION_LABELS[v.action]}</Badge>
                  <span>
                    by <span className="font-medium">{v.changedBy ? v.changedBy.name : 'a deleted user'}</span>
                    {v.changedBy && <span className="text-muted-foreground"> ({v.changedBy.email})</span>}
                  </span>
                  <span className="text-muted-foreground">
                    · <LocalTime iso={v.changedAt.toISOString()} />
                  </span>
                </p>
                {changes.length > 0 && (
                  <dl className="mt-2 grid gap-2 text-sm">
                    {changes.map((c) => (
                      <div key={c.field} className="grid gap-1">
                        <dt className="text-xs font-medium text-muted-foreground">{c.label}</dt>
                        <dd className="grid gap-1">
                          {c.before !== null && (
                            <p className="whitespace-pre-wrap rounded bg-destructive/10 px-2 py-1">
                              <span className="sr-only">Before: </span>
                              <del className="no-underline">{c.before}</del>
                            </p>
                          )}
                          {c.after !== null && (
                            <p className="whitespace-pre-wrap rounded bg-success/10 px-2 py-1">
                              <span className="sr-only">After: </span>
                              <ins className="no-underline">{c.after}</ins>
                            </p>
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
