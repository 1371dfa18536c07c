import { ArrowLeft, MessagesSquare } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { languageName } from '@/components/admin/conversations/format';
import { MessageItem } from '@/components/admin/conversations/message-item';
import { HandoffStatusBadge } from '@/components/admin/conversations/outcome-badge';
import { ClaimButton } from '@/components/admin/handoffs/claim-button';
import { CloseForm } from '@/components/admin/handoffs/close-form';
import { LiveRefresh } from '@/components/admin/handoffs/live-refresh';
import { ReplyForm } from '@/components/admin/handoffs/reply-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { loadConsoleConversation } from '@/lib/console/conversations/detail';
import { isUuid } from '@/lib/console/conversations/filters';
import { formatWaiting, HANDOFF_REASON_LABELS, parseHandoffOutcome } from '@/lib/console/handoffs/outcome';
import { getDatabase } from '@/lib/db';
import { findHandoffForConsole } from '@/lib/db/queries/handoffs';
import { LocalTime } from '@/components/admin/golden/local-time';

export const metadata: Metadata = { title: 'Hand-off' };
export const dynamic = 'force-dynamic';

function renderedAt(): number {
  return Date.now();
}

export default async function HandoffPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePagePermission('handoffs:work', { from: `/admin/handoffs/${encodeURIComponent(id)}` });
  if (!isUuid(id)) notFound();
  const { db } = await getDatabase();
  const handoff = await findHandoffForConsole(db, { id });
  if (!handoff) notFound();
  const detail = await loadConsoleConversation(db, { id: handoff.conversationId });
  if (!detail) notFound();
  const mine = handoff.status === 'claimed' && handoff.claimedById === user.id;
  const outcome = parseHandoffOutcome(handoff.outcome);
  const now = renderedAt();
  return (
    <div className="grid max-w-5xl gap-6">
      {/* While it is not closed the customer may write again (to the expert holding it): show it without a reload. */}
      {handoff.status !== 'closed' && <LiveRefresh />}
      <div className="grid gap-2">
        <Link href="/admin/handoffs" className="flex items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Hand-offs
        </Link>
        <h1 className="break-words text-2xl font-bold tracking-tight">{handoff.title}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <HandoffStatusBadge status={handoff.status} claimedBy={mine ? 'you' : handoff.claimedByName} />
          <span>{HANDOFF_REASON_LABELS[handoff.reason] ?? handoff.reason}</span>·
          <span data-testid="handoff-customer">{handoff.customerName ? `${handoff.customerName} · ${handoff.customerEmail}` : handoff.contactEmail ? `anonymous · reply to ${handoff.contactEmail}` : 'anonymous'}</span>·<span>{languageName(handoff.lang)}</span>·
          <span>
            asked <LocalTime iso={handoff.createdAt.toISOString()} />
            {handoff.status !== 'closed' && <> ({formatWaiting(now - handoff.createdAt.getTime())} ago)</>}
          </span>
          {can(user.role, 'conversations:read') && (
            <Link href={`/admin/conversations/${handoff.conversationId}`} className="ml-auto flex items-center gap-1 text-primary hover:underline">
              <MessagesSquare className="size-4" aria-hidden /> Traces and review
            </Link>
          )}
        </div>
        {handoff.note && <p className="text-sm">Customer&rsquo;s note: &ldquo;{handoff.note}&rdquo;</p>}
      </div>

      <section aria-label="Conversation">
        <ol className="grid gap-3" data-testid="console-messages">
          {detail.messages
            .filter((m) => !m.superseded)
            .map((m) => (
              <MessageItem key={m.id} message={m} documents={detail.documents} review={null} />
            ))}
        </ol>
        {detail.messages.length === 0 && <p className="text-muted-foreground">The customer asked for a person before writing anything.</p>}
      </section>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">
            {handoff.status === 'open' ? 'Waiting for an expert' : handoff.status === 'closed' ? 'Closed' : mine ? 'You are on it' : `Claimed by ${handoff.claimedByName ?? 'another expert'}`}
          </CardTitle>
          {handoff.status === 'closed' && (
            <CardDescription data-testid="handoff-outcome">
              {outcome ? outcome.label : 'No outcome'}
              {outcome?.note && <>: {outcome.note}</>}
              {handoff.closedAt && <> · closed <LocalTime iso={handoff.closedAt.toISOString()} /></>}
              {handoff.claimedByName && <> by {handoff.claimedByName}</>}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-6">
          {handoff.status === 'open' && <ClaimButton handoffId={handoff.id} openAfter={false} />}
          {mine && (
            <>
              <ReplyForm handoffId={handoff.id} />
              <div className="border-t pt-4">
                <CloseForm handoffId={handoff.id} />
              </div>
            </>
          )}
          {handoff.status === 'claimed' && !mine && <p className="text-sm text-muted-foreground">Only {handoff.claimedByName ?? 'the expert who claimed it'} can reply and close it.</p>}
        </CardContent>
      </Card>
    </div>
  );
}
