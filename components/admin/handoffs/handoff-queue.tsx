import Link from 'next/link';
import { formatDateTime, languageName } from '@/components/admin/conversations/format';
import { HandoffStatusBadge } from '@/components/admin/conversations/outcome-badge';
import { formatWaiting, HANDOFF_REASON_LABELS, parseHandoffOutcome } from '@/lib/console/handoffs/outcome';
import type { HandoffQueueItem } from '@/lib/db/queries/handoffs';
import { ClaimButton } from './claim-button';
import { LocalTime } from '@/components/admin/golden/local-time';

function Customer({ item }: { item: HandoffQueueItem }) {
  if (!item.customerName)
    return (
      <span className="text-muted-foreground">
        anonymous
        {item.contactEmail && (
          <span className="block text-xs" data-testid="handoff-contact-email">
            reply to {item.contactEmail}
          </span>
        )}
      </span>
    );
  return (
    <span>
      {item.customerName}
      <span className="block text-xs text-muted-foreground">{item.customerEmail}</span>
    </span>
  );
}

/** Open and claimed hand-offs, the longest waiting first. */
export function ActiveQueue({ items, now, userId }: { items: HandoffQueueItem[]; now: number; userId: string }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm" data-testid="handoff-queue">
        <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="px-3 py-2 font-medium">Waiting</th>
            <th className="px-3 py-2 font-medium">Question</th>
            <th className="px-3 py-2 font-medium">Reason</th>
            <th className="px-3 py-2 font-medium">Customer</th>
            <th className="px-3 py-2 font-medium">Language</th>
            <th className="px-3 py-2 font-medium">Status</th>
            <th className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((item) => (
            <tr key={item.id} className="align-top" data-testid="handoff-row" data-id={item.id} data-status={item.status}>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums" title={formatDateTime(item.createdAt)}>
                {formatWaiting(now - item.createdAt.getTime())}
              </td>
              <td className="max-w-sm px-3 py-2">
                <Link href={`/admin/handoffs/${item.id}`} className="font-medium hover:underline" data-testid="handoff-link">
                  <span className="line-clamp-2 break-words">{item.title}</span>
                </Link>
                {item.note && <span className="block text-xs text-muted-foreground">&ldquo;{item.note}&rdquo;</span>}
              </td>
              <td className="px-3 py-2">{HANDOFF_REASON_LABELS[item.reason] ?? item.reason}</td>
              <td className="px-3 py-2">
                <Customer item={item} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">{languageName(item.lang)}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <HandoffStatusBadge status={item.status} claimedBy={item.claimedById === userId ? 'you' : item.claimedByName} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                {item.status === 'open' ? (
                  <ClaimButton handoffId={item.id} openAfter />
                ) : (
                  <Link href={`/admin/handoffs/${item.id}`} className="text-primary hover:underline">
                    Open
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Closed hand-offs, the most recent first. */
export function ClosedList({ items }: { items: HandoffQueueItem[] }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm" data-testid="handoff-closed">
        <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="px-3 py-2 font-medium">Asked</th>
            <th className="px-3 py-2 font-medium">Question</th>
            <th className="px-3 py-2 font-medium">Reason</th>
            <th className="px-3 py-2 font-medium">Customer</th>
            <th className="px-3 py-2 font-medium">Handled by</th>
            <th className="px-3 py-2 font-medium">Outcome</th>
            <th className="px-3 py-2 font-medium">Closed</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((item) => {
            const outcome = parseHandoffOutcome(item.outcome);
            return (
              <tr key={item.id} className="align-top" data-testid="handoff-row" data-id={item.id} data-status={item.status}>
                <td className="whitespace-nowrap px-3 py-2 text-muted-foreground"><LocalTime iso={item.createdAt.toISOString()} /></td>
                <td className="max-w-sm px-3 py-2">
                  <Link href={`/admin/handoffs/${item.id}`} className="font-medium hover:underline">
                    <span className="line-clamp-2 break-words">{item.title}</span>
                  </Link>
                </td>
                <td className="px-3 py-2">{HANDOFF_REASON_LABELS[item.reason] ?? item.reason}</td>
                <td className="px-3 py-2">
                  <Customer item={item} />
                </td>
                <td className="px-3 py-2">{item.claimedByName ?? '–'}</td>
                <td className="px-3 py-2">
                  {outcome ? (
                    <>
                      {outcome.label}
                      {outcome.note && <span className="block text-xs text-muted-foreground">{outcome.note}</span>}
                    </>
                  ) : (
                    '–'
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">{item.closedAt ? <LocalTime iso={item.closedAt.toISOString()} /> : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
