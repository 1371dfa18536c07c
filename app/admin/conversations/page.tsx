import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ConversationFilters } from '@/components/admin/conversations/conversation-filters';
import { ConversationTable } from '@/components/admin/conversations/conversation-table';
import { Button } from '@/components/ui/button';
import { requirePagePermission } from '@/lib/auth/guard';
import { conversationListHref, hasActiveFilters, parseConversationListParams, toListFilters } from '@/lib/console/conversations/filters';
import { getDatabase } from '@/lib/db';
import { CONVERSATION_PAGE_SIZE, listConsoleConversations } from '@/lib/db/queries/console-conversations';
import { LOCALES } from '@/lib/i18n/locales';

export const metadata: Metadata = { title: 'Conversations' };
export const dynamic = 'force-dynamic';

export default async function ConversationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePagePermission('conversations:read', { from: '/admin/conversations' });
  const params = parseConversationListParams(await searchParams);
  const { db } = await getDatabase();
  const page = await listConsoleConversations(db, { filters: toListFilters(params), after: params.after, before: params.before });
  const active = hasActiveFilters(params);
  return (
    <div className="grid max-w-7xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Conversations</h1>
        <p className="text-muted-foreground">Every chat with its answers, traces, feedback and hand-offs. Newest activity first.</p>
      </div>
      <ConversationFilters params={params} languages={[...LOCALES]} active={active} />
      {page.items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="conversation-empty">
          {active ? 'No conversation matches these filters.' : 'No conversations yet.'}
        </p>
      ) : (
        <ConversationTable items={page.items} />
      )}
      <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">{CONVERSATION_PAGE_SIZE} per page</span>
        <div className="flex gap-2">
          {(params.after || params.before) && (
            <Button asChild variant="ghost" size="sm">
              <Link href={conversationListHref(params)}>Newest</Link>
            </Button>
          )}
          {page.newer ? (
            <Button asChild variant="outline" size="sm">
              <Link href={conversationListHref(params, { before: page.newer })} rel="prev" data-testid="conversations-newer">
                <ChevronLeft aria-hidden /> Newer
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              <ChevronLeft aria-hidden /> Newer
            </Button>
          )}
          {page.older ? (
            <Button asChild variant="outline" size="sm">
              <Link href={conversationListHref(params, { after: page.older })} rel="next" data-testid="conversations-older">
                Older <ChevronRight aria-hidden />
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              Older <ChevronRight aria-hidden />
            </Button>
          )}
        </div>
      </nav>
    </div>
  );
}
