import { BadgeCheck, Flag, ThumbsDown, ThumbsUp, Wrench } from 'lucide-react';
import Link from 'next/link';
import type { ConversationListItem } from '@/lib/db/queries/console-conversations';
import { languageName } from './format';
import { HandoffStatusBadge, OutcomeBadge } from './outcome-badge';
import { LocalTime } from '@/components/admin/golden/local-time';

export function ConversationTable({ items }: { items: ConversationListItem[] }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm" data-testid="conversation-table">
        <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Last activity
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              First question
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Language
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Messages
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Outcomes
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Feedback
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Hand-off
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((item) => (
            <tr key={item.id} className="align-top hover:bg-muted/30" data-testid="conversation-row" data-id={item.id}>
              <td className="whitespace-nowrap px-3 py-2 text-muted-foreground"><LocalTime iso={item.updatedAt.toISOString()} /></td>
              <td className="max-w-md px-3 py-2">
                <Link href={`/admin/conversations/${item.id}`} className="font-medium text-foreground hover:underline" data-testid="conversation-link">
                  <span className="line-clamp-2 break-words">{item.firstQuestion ?? item.title}</span>
                </Link>
                <span className="block text-xs text-muted-foreground">{item.customerName ? `${item.customerName} · ${item.customerEmail}` : 'anonymous'}</span>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{languageName(item.lang)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{item.messageCount}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  {item.outcomes.map((o) => (
                    <OutcomeBadge key={o} outcome={o} />
                  ))}
                  {item.toolCalls > 0 && (
                    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" title="Account tool calls">
                      <Wrench className="size-3.5" aria-hidden /> {item.toolCalls}
                    </span>
                  )}
                </div>
              </td>
              <td className="whitespace-nowrap px-3 py-2">
                <div className="flex items-center gap-3 text-xs">
                  {item.thumbsUp > 0 && (
                    <span className="inline-flex items-center gap-1 text-success" title="Thumbs up">
                      <ThumbsUp className="size-3.5" aria-label="thumbs up" /> {item.thumbsUp}
                    </span>
                  )}
                  {item.thumbsDown > 0 && (
                    <span className="inline-flex items-center gap-1 text-destructive" title="Thumbs down">
                      <ThumbsDown className="size-3.5" aria-label="thumbs down" /> {item.thumbsDown}
                    </span>
                  )}
                  {item.endorsed > 0 && (
                    <span className="inline-flex items-center gap-1 text-primary" title="Endorsed by an expert">
                      <BadgeCheck className="size-3.5" aria-label="endorsed by an expert" /> {item.endorsed}
                    </span>
                  )}
                  {item.flagged > 0 && (
                    <span className="inline-flex items-center gap-1 text-destructive" title="Flagged by an expert">
                      <Flag className="size-3.5" aria-label="flagged by an expert" /> {item.flagged}
                    </span>
                  )}
                  {item.thumbsUp + item.thumbsDown + item.endorsed + item.flagged === 0 && <span className="text-muted-foreground">–</span>}
                </div>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{item.handoffStatus ? <HandoffStatusBadge status={item.handoffStatus} /> : <span className="text-muted-foreground">–</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
