'use client';

import { MessageSquareText } from 'lucide-react';
import { useId } from 'react';
import type { ConversationSummary } from '@/lib/domain/chat';
import type { Locale } from '@/lib/i18n/locales';
import { cn } from '@/lib/ui/cn';
import type { ChatLabels } from './labels';

function formatWhen(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}

/** A signed-in customer's conversations, newest first; choosing one resumes it. */
export function ConversationList({
  conversations,
  error,
  currentId,
  locale,
  labels,
  onOpen,
  className,
}: {
  conversations: ConversationSummary[] | null;
  error: boolean;
  currentId: string | null;
  locale: Locale;
  labels: ChatLabels;
  onOpen: (id: string) => void;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section data-testid="chat-conversations" aria-labelledby={headingId} className={cn('flex min-h-0 flex-col', className)}>
      <h2 id={headingId} className="px-4 pb-2 pt-4 text-sm font-semibold">
        {labels.conversations}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        {error ? (
          <p role="alert" className="px-2 text-sm text-destructive">
            {labels.conversationsError}
          </p>
        ) : conversations === null ? (
          <p role="status" className="px-2 text-sm text-muted-foreground">
            {labels.loading}
          </p>
        ) : conversations.length === 0 ? (
          <p className="px-2 text-sm text-muted-foreground">{labels.conversationsEmpty}</p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {conversations.map((conversation) => {
              const current = conversation.id === currentId;
              return (
                <li key={conversation.id} className="min-w-0">
                  <button
                    type="button"
                    data-conversation-id={conversation.id}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => onOpen(conversation.id)}
                    className={cn(
                      'flex w-full items-start gap-2 rounded-md px-2 py-2 text-left text-sm transition-colors hover:bg-accent hover:text-accent-foreground',
                      current && 'bg-accent font-medium text-accent-foreground',
                    )}
                  >
                    <MessageSquareText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate" lang={conversation.lang ?? undefined}>
                        {conversation.title || labels.untitled}
                      </span>
                      <span className="block text-xs font-normal text-muted-foreground">{formatWhen(conversation.updatedAt, locale)}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
