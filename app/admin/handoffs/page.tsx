import type { Metadata } from 'next';
import Link from 'next/link';
import { ActiveQueue, ClosedList } from '@/components/admin/handoffs/handoff-queue';
import { requirePagePermission } from '@/lib/auth/guard';
import { getDatabase } from '@/lib/db';
import { countActiveHandoffs, listHandoffQueue } from '@/lib/db/queries/handoffs';
import { cn } from '@/lib/ui/cn';

export const metadata: Metadata = { title: 'Hand-offs' };
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;

function renderedAt(): number {
  return Date.now();
}

export default async function HandoffsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePagePermission('handoffs:work', { from: '/admin/handoffs' });
  const params = await searchParams;
  const tab = params.tab === 'closed' ? 'closed' : 'active';
  const q = typeof params.q === 'string' ? params.q.slice(0, 200) : '';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(typeof params.page === 'string' ? params.page : '1', 10) || 1));
  const { db } = await getDatabase();
  // One row more than a page tells whether there is a next page.
  const rows = await listHandoffQueue(db, { view: tab, limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE, q: q || undefined });
  const items = rows.slice(0, PAGE_SIZE);
  const hasNext = rows.length > PAGE_SIZE;
  const activeCount = await countActiveHandoffs(db);
  const pageHref = (p: number) => `/admin/handoffs?${new URLSearchParams({ ...(tab === 'closed' ? { tab } : {}), ...(q ? { q } : {}), page: String(p) })}`;
  const now = renderedAt();
  const tabs = [
    { key: 'active', label: `Waiting and in progress (${activeCount})`, href: '/admin/handoffs' },
    { key: 'closed', label: 'Closed', href: '/admin/handoffs?tab=closed' },
  ] as const;
  return (
    <div className="grid max-w-7xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Hand-offs</h1>
        <p className="text-muted-foreground">Customers who asked for a person. Claim one, reply in their chat, close it with the outcome.</p>
      </div>
      <nav aria-label="Hand-off lists" className="flex gap-1 border-b">
        {tabs.map((t) => (
          <Link
            key={t.key}
            href={t.href}
            aria-current={tab === t.key ? 'page' : undefined}
            data-testid={`handoff-tab-${t.key}`}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              tab === t.key ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <form method="get" role="search" className="flex max-w-xl gap-2">
        {tab === 'closed' && <input type="hidden" name="tab" value="closed" />}
        <label htmlFor="handoff-q" className="sr-only">
          Search hand-offs
        </label>
        <input
          id="handoff-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search question, customer, reason or note"
          className="h-9 flex-1 rounded-md border bg-background px-3 text-sm"
        />
        <button type="submit" className="h-9 rounded-md border px-3 text-sm font-medium hover:bg-accent">
          Search
        </button>
      </form>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="handoff-empty">
          {q ? 'No hand-off matches this search.' : tab === 'active' ? 'Nobody is waiting. Nice.' : 'No closed hand-offs yet.'}
        </p>
      ) : tab === 'active' ? (
        <ActiveQueue items={items} now={now} userId={user.id} />
      ) : (
        <ClosedList items={items} />
      )}
      {(page > 1 || hasNext) && (
        <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
          {page > 1 && (
            <Link href={pageHref(page - 1)} className="rounded-md border px-3 py-1.5 hover:bg-accent">
              Previous
            </Link>
          )}
          <span className="text-muted-foreground">Page {page}</span>
          {hasNext && (
            <Link href={pageHref(page + 1)} className="rounded-md border px-3 py-1.5 hover:bg-accent">
              Next
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
