import type { Metadata } from 'next';
import Link from 'next/link';
import { ActiveQueue, ClosedList } from '@/components/admin/handoffs/handoff-queue';
import { requirePagePermission } from '@/lib/auth/guard';
import { getDatabase } from '@/lib/db';
import { countActiveHandoffs, listHandoffQueue } from '@/lib/db/queries/handoffs';
import { cn } from '@/lib/ui/cn';

export const metadata: Metadata = { title: 'Hand-offs' };
export const dynamic = 'force-dynamic';

const QUEUE_LIMIT = 200;

function renderedAt(): number {
  return Date.now();
}

export default async function HandoffsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePagePermission('handoffs:work', { from: '/admin/handoffs' });
  const tab = (await searchParams).tab === 'closed' ? 'closed' : 'active';
  const { db } = await getDatabase();
  const items = await listHandoffQueue(db, { view: tab, limit: QUEUE_LIMIT });
  const activeCount = tab === 'active' && items.length < QUEUE_LIMIT ? items.length : await countActiveHandoffs(db);
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
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="handoff-empty">
          {tab === 'active' ? 'Nobody is waiting. Nice.' : 'No closed hand-offs yet.'}
        </p>
      ) : tab === 'active' ? (
        <ActiveQueue items={items} now={now} userId={user.id} />
      ) : (
        <ClosedList items={items} />
      )}
      {items.length === QUEUE_LIMIT && (
        <p className="text-sm text-muted-foreground">
          Showing the {tab === 'active' ? 'longest-waiting' : 'most recent'} {QUEUE_LIMIT}.
        </p>
      )}
    </div>
  );
}
