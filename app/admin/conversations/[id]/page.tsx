import { ArrowLeft, Headset } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ApprovalList, AuditTable } from '@/components/admin/conversations/approval-list';
import { languageName } from '@/components/admin/conversations/format';
import { MessageItem } from '@/components/admin/conversations/message-item';
import { HandoffStatusBadge } from '@/components/admin/conversations/outcome-badge';
import { MakeTestButton } from '@/components/admin/tests/make-test-button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { requirePagePermission } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { loadConsoleConversation } from '@/lib/console/conversations/detail';
import { isUuid } from '@/lib/console/conversations/filters';
import { promotedGoldenId } from '@/lib/console/conversations/promote';
import { HANDOFF_REASON_LABELS, parseHandoffOutcome } from '@/lib/console/handoffs/outcome';
import { getDatabase } from '@/lib/db';
import { makeTestAction } from '@/app/admin/tests/actions';
import { findExistingGoldenIds } from '@/lib/db/queries/console-conversations';
import { LocalTime } from '@/components/admin/golden/local-time';

export const metadata: Metadata = { title: 'Conversation' };
export const dynamic = 'force-dynamic';

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePagePermission('conversations:read', { from: `/admin/conversations/${encodeURIComponent(id)}` });
  if (!isUuid(id)) notFound();
  const { db } = await getDatabase();
  const detail = await loadConsoleConversation(db, { id });
  if (!detail) notFound();
  const canReview = can(user.role, 'conversations:review');
  const canWorkHandoffs = can(user.role, 'handoffs:work');
  const canMakeTest = can(user.role, 'tests:write');
  const answers = detail.messages.filter((m) => m.role === 'assistant');
  const promoted = canReview ? await findExistingGoldenIds(db, { ids: answers.map((m) => promotedGoldenId(m.id)) }) : new Set<string>();
  const { conversation } = detail;
  return (
    <div className="grid max-w-5xl gap-6">
      <div className="grid gap-2">
        <Link href="/admin/conversations" className="flex items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Conversations
        </Link>
        <h1 className="break-words text-2xl font-bold tracking-tight">{conversation.title}</h1>
        <p className="text-sm text-muted-foreground">
          {conversation.customerName ? `${conversation.customerName} · ${conversation.customerEmail}` : 'Anonymous visitor'} · {languageName(conversation.lang)} · started{' '}
          <LocalTime iso={conversation.createdAt.toISOString()} /> · last activity <LocalTime iso={conversation.updatedAt.toISOString()} />
        </p>
        {canMakeTest && detail.messages.some((m) => m.role === 'user') && <MakeTestButton conversationId={conversation.id} action={makeTestAction} />}
        {!canReview && (
          <p className="text-sm text-muted-foreground" data-testid="read-only-note">
            Read-only: your role can read conversations but not review them.
          </p>
        )}
      </div>

      {detail.handoffs.length > 0 && (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="flex items-center gap-2 text-base">
              <Headset className="size-4" aria-hidden /> Hand-off
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              {detail.handoffs.map((h) => {
                const outcome = parseHandoffOutcome(h.outcome);
                return (
                  <li key={h.id} className="flex flex-wrap items-center gap-2">
                    <HandoffStatusBadge status={h.status} claimedBy={h.claimedByName} />
                    <span>{HANDOFF_REASON_LABELS[h.reason] ?? h.reason}</span>
                    {h.note && <span className="text-muted-foreground">&ldquo;{h.note}&rdquo;</span>}
                    <span className="text-muted-foreground">asked <LocalTime iso={h.createdAt.toISOString()} /></span>
                    {outcome && (
                      <span>
                        · {outcome.label}
                        {outcome.note && <>: {outcome.note}</>}
                      </span>
                    )}
                    {canWorkHandoffs && (
                      <Link href={`/admin/handoffs/${h.id}`} className="ml-auto text-primary hover:underline">
                        Open hand-off
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
      )}

      <section aria-label="Messages">
        <ol className="grid gap-3" data-testid="console-messages">
          {detail.messages.map((m) => (
            <MessageItem key={m.id} message={m} documents={detail.documents} review={canReview && m.role === 'assistant' ? { promoted: promoted.has(promotedGoldenId(m.id)) } : null} />
          ))}
        </ol>
        {detail.messages.length === 0 && <p className="text-muted-foreground">No messages yet.</p>}
      </section>

      {detail.looseApprovals.length > 0 && (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">Other account actions</CardTitle>
          </CardHeader>
          <CardContent>
            <ApprovalList approvals={detail.looseApprovals} />
          </CardContent>
        </Card>
      )}

      {detail.audit.length > 0 && (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">Audit log</CardTitle>
          </CardHeader>
          <CardContent>
            <AuditTable rows={detail.audit} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
