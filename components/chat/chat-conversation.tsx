'use client';

import { Chat, useChat } from '@ai-sdk/react';
import { CircleExclamationPoint, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import type { ChatUIMessage, HandoffReason, HandoffSummary } from '@/lib/domain/chat';
import type { Locale } from '@/lib/i18n/locales';
import type { ApprovalHandlers } from './approval-card';
import { describeChatError } from './chat-errors';
import { ChatMessage, hasApproval } from './chat-message';
import { Composer } from './composer';
import { HandoffBanner } from './handoff-banner';
import type { ChatLabels } from './labels';
import { QuickReplies } from './quick-replies';

type ChatConversationProps = {
  chat: Chat<ChatUIMessage>;
  locale: Locale;
  labels: ChatLabels;
  handoff: HandoffSummary | null;
  onRequestHandoff: (reason: HandoffReason) => void;
  inputRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
  /** An approval card was decided (after the chat shows the new state). */
  onApprovalDecided?: (card: ApprovalCard) => void;
  /** Told how many messages there are (the panel header needs to know whether any exist). */
};

function lastLength(messages: ChatUIMessage[]): number {
  const last = messages.at(-1);
  return last ? last.parts.reduce((sum, part) => sum + (part.type === 'text' ? part.text.length : 1), 0) : 0;
}

/**
 * The chat after an approval decision: the card's part (in whichever message holds it) gets the
 * server's state, and the assistant's report of the outcome, if any and not there yet, is appended.
 */
export function applyApprovalDecision(messages: ChatUIMessage[], card: ApprovalCard, message: ChatUIMessage | null): ChatUIMessage[] {
  const next = messages.map((m) =>
    m.parts.some((part) => part.type === 'data-approval' && (part.id === card.approvalId || part.data?.approvalId === card.approvalId))
      ? {
          ...m,
          parts: m.parts.map((part) =>
            part.type === 'data-approval' && (part.id === card.approvalId || part.data?.approvalId === card.approvalId) ? { ...part, data: card } : part,
          ),
        }
      : m,
  );
  if (message && !next.some((m) => m.id === message.id)) next.push(message);
  return next;
}

/** Scrolls the list to the end as messages grow, unless the reader has scrolled up. */
function useStickToBottom(dependency: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const onScroll = useCallback(() => {
    const el = ref.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  }, []);
  const pin = useCallback(() => {
    pinned.current = true;
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [dependency]);
  return { ref, onScroll, pin };
}

/**
 * One conversation: the message log, the error with its retry, the hand-off status and the
 * composer. The chat object lives outside (see useChatSession), so closing the launcher does
 * not cut off an answer that is still arriving.
 */
export function ChatConversation({ chat, locale, labels, handoff, onRequestHandoff, inputRef, autoFocus, onApprovalDecided }: ChatConversationProps) {
  const { messages, status, error, sendMessage, regenerate, stop, setMessages } = useChat<ChatUIMessage>({ chat, throttle: 50 });
  const [stoppedIds, setStoppedIds] = useState<ReadonlySet<string>>(() => new Set());
  // Approval decisions in flight: new questions wait, so the outcome lands in order.
  const [deciding, setDeciding] = useState(0);
  const onApprovalDecidedRef = useRef(onApprovalDecided);
  useEffect(() => {
    onApprovalDecidedRef.current = onApprovalDecided;
  }, [onApprovalDecided]);
  const busy = status === 'submitted' || status === 'streaming';
  const last = messages.at(-1);
  const { ref: scrollRef, onScroll, pin } = useStickToBottom(`${messages.length}:${status}:${error ? 1 : 0}:${messages.at(-1)?.parts.length ?? 0}:${lastLength(messages)}`);
  const handoffActive = handoff !== null && handoff.status !== 'closed';

  const send = useCallback(
    (text: string) => {
      pin();
      void sendMessage({ text }, { body: { locale } }).catch(() => {});
    },
    [pin, sendMessage, locale],
  );

  const retry = useCallback(() => {
    pin();
    void regenerate({ body: { locale } }).catch(() => {});
  }, [pin, regenerate, locale]);

  const onStop = useCallback(() => {
    const current = chat.messages.at(-1);
    if (current?.role === 'assistant') setStoppedIds((ids) => new Set(ids).add(current.id));
    void stop();
  }, [chat, stop]);

  const approvalHandlers = useMemo<ApprovalHandlers>(
    () => ({
      disabled: busy,
      onSending: (sending) => setDeciding((count) => Math.max(0, count + (sending ? 1 : -1))),
      onDecided: (card, message) => {
        setMessages((current) => applyApprovalDecision(current, card, message));
        onApprovalDecidedRef.current?.(card);
      },
    }),
    [busy, setMessages],
  );

  const waiting = status === 'submitted' || (status === 'streaming' && last?.role !== 'assistant');
  const described = error ? describeChatError(error, labels) : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {messages.length === 0 && !busy && (
          <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pb-2 pt-6">
            <div>
              <p className="text-lg font-semibold">{labels.emptyTitle}</p>
              <p className="mt-1 text-sm text-muted-foreground">{labels.emptyBody}</p>
            </div>
            <QuickReplies suggestions={labels.suggestions} label={labels.suggestionsLabel} onPick={send} layout="grid" />
            <p className="text-xs text-muted-foreground">{labels.disclaimer}</p>
          </div>
        )}
        <div
          role="log"
          aria-live="polite"
          aria-relevant="additions text"
          aria-busy={busy}
          aria-label={labels.title}
          className="mx-auto flex max-w-3xl flex-col gap-5 p-4"
        >
          {messages.map((message, index) => {
            const isLast = index === messages.length - 1;
            return (
              <ChatMessage
                key={message.id}
                message={message}
                labels={labels}
                streaming={isLast && message.role === 'assistant' && busy}
                isLastSettled={isLast && message.role === 'assistant' && status === 'ready'}
                canRetry={
                  isLast && message.role === 'assistant' && status === 'ready' && messages[index - 1]?.role === 'user' && !hasApproval(message)
                }
                stopped={stoppedIds.has(message.id)}
                handoffActive={handoffActive}
                onSend={send}
                onRetry={retry}
                onRequestHandoff={onRequestHandoff}
                approvalHandlers={approvalHandlers}
              />
            );
          })}
          {status === 'ready' && last?.role === 'user' && (
            <div className="flex flex-wrap items-center justify-end gap-2 text-xs text-muted-foreground">
              <span>{labels.unanswered}</span>
              <Button type="button" size="sm" variant="ghost" className="h-8" data-testid="chat-retry" onClick={retry}>
                <RotateCcw aria-hidden /> {labels.retry}
              </Button>
            </div>
          )}
          {waiting && (
            <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <span className="inline-flex gap-1" aria-hidden>
                {[0, 150, 300].map((delay) => (
                  <span
                    key={delay}
                    className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70 motion-reduce:animate-none"
                    style={{ animationDelay: `${delay}ms` }}
                  />
                ))}
              </span>
              {labels.thinking}
            </div>
          )}
        </div>
        {described && (
          <div className="mx-auto max-w-3xl px-4 pb-4">
            <div role="alert" data-testid="chat-error" data-code={described.code ?? undefined} className="flex flex-wrap items-start gap-3 rounded-lg border border-destructive/50 bg-destructive/5 px-4 py-3 text-sm">
              <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-destructive">{labels.errorTitle}</p>
                <p className="mt-0.5 break-words text-muted-foreground">{described.message}</p>
              </div>
              <Button type="button" size="sm" variant="outline" data-testid="chat-retry" onClick={retry} disabled={!last || busy}>
                <RotateCcw aria-hidden /> {labels.retry}
              </Button>
            </div>
          </div>
        )}
      </div>
      {handoff && <HandoffBanner handoff={handoff} labels={labels} />}
      <Composer ref={inputRef} labels={labels} busy={busy} holdSend={deciding > 0} onSend={send} onStop={onStop} autoFocus={autoFocus} />
    </div>
  );
}
