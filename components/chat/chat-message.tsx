'use client';

import { Bot, Headset, LogIn, RotateCcw } from 'lucide-react';
import { memo } from 'react';
import { Button } from '@/components/ui/button';
import type { ChatUIMessage, HandoffReason } from '@/lib/domain/chat';
import { cn } from '@/lib/ui/cn';
import { ApprovalCard, approvalCardOf, isApprovalPart, type ApprovalHandlers } from './approval-card';
import { ChatLink } from './chat-link';
import { ChatMarkdown } from './chat-markdown';
import { CitationList } from './citation-list';
import { FeedbackButtons } from './feedback-buttons';
import type { ChatLabels } from './labels';
import { QuickReplies } from './quick-replies';

export function messageText(message: ChatUIMessage): string {
  return message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
}

/** The message proposes an account change (it carries an approval card). */
export function hasApproval(message: ChatUIMessage): boolean {
  return message.parts.some(isApprovalPart);
}

type ChatMessageProps = {
  message: ChatUIMessage;
  labels: ChatLabels;
  /** This answer is still arriving. */
  streaming: boolean;
  /** The last message, and nothing is in flight: quick replies and "ask again" apply. */
  isLastSettled: boolean;
  /** "Ask again" applies: the last answer, settled, right after the customer's question, and no approval card. */
  canRetry: boolean;
  /** The customer stopped this answer. */
  stopped: boolean;
  /** A hand-off is already open or claimed: no more offers. */
  handoffActive: boolean;
  onSend: (text: string) => void;
  onRetry: () => void;
  onRequestHandoff: (reason: HandoffReason) => void;
  /** What the approval cards in this message need from the conversation (one stable object). */
  approvalHandlers: ApprovalHandlers;
};

function TypingDots({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1 py-1" role="status" aria-label={label}>
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70 motion-reduce:animate-none" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </span>
  );
}

/** One message: the customer's as plain text, an answer as markdown with its sources and actions. */
export const ChatMessage = memo(function ChatMessage({
  message,
  labels,
  streaming,
  isLastSettled,
  canRetry,
  stopped,
  handoffActive,
  onSend,
  onRetry,
  onRequestHandoff,
  approvalHandlers,
}: ChatMessageProps) {
  const text = messageText(message);
  const meta = message.metadata;
  const common = {
    'data-testid': 'chat-message',
    'data-role': message.role,
    'data-outcome': meta?.outcome,
    'data-streaming': streaming ? 'true' : 'false',
  };

  if (message.role === 'user') {
    return (
      <div {...common} className="flex justify-end">
        <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-[0.95rem] text-primary-foreground">
          <span className="sr-only">{labels.you}: </span>
          <p className="whitespace-pre-wrap break-words">{text}</p>
        </div>
      </div>
    );
  }

  const isAgent = meta?.outcome === 'agent';
  const citations = meta?.citations ?? [];
  const settled = !streaming;
  // Nothing to rate or retry when the bot only passed the message on to a person.
  const relayed = meta?.outcome === 'relayed';
  const showFeedback = settled && !isAgent && !relayed && Boolean(meta?.messageId) && text.length > 0;
  const showRetry = canRetry && !isAgent && !relayed;
  const approvals = message.parts.filter(isApprovalPart).flatMap((part) => {
    const card = approvalCardOf(part);
    return card ? [card] : [];
  });
  const showActions = showFeedback || showRetry;

  return (
    <div {...common} lang={meta?.lang} className="flex gap-3">
      <div
        aria-hidden
        className={cn(
          'mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full',
          isAgent ? 'bg-success/15 text-success' : 'bg-primary/15 text-primary',
        )}
      >
        {isAgent ? <Headset className="size-4" /> : <Bot className="size-4" />}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className={cn('text-xs font-medium', isAgent ? 'text-success' : 'text-muted-foreground')}>
          {isAgent ? labels.agent : labels.assistant}
        </p>
        {text ? (
          <ChatMarkdown text={text} citations={citations} citationLabel={labels.citationLabel} />
        ) : (
          streaming && <TypingDots label={labels.thinking} />
        )}
        {approvals.map((card) => (
          <ApprovalCard key={card.approvalId} card={card} labels={labels} handlers={approvalHandlers} />
        ))}
        {stopped && <p className="text-xs italic text-muted-foreground">{labels.stopped}</p>}
        {citations.length > 0 && <CitationList citations={citations} label={labels.sources} />}
        {settled && meta?.outcome === 'sign_in' && !text.includes('](/login') && (
          <div>
            <Button asChild size="sm">
              <ChatLink href="/login?callbackUrl=%2Fchat">
                <LogIn aria-hidden /> {labels.signIn}
              </ChatLink>
            </Button>
          </div>
        )}
        {settled && meta?.handoffOffered && !handoffActive && (
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed p-3 text-sm">
            <span className="flex-1">{labels.handoffOffer}</span>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              data-testid="chat-handoff-offer"
              onClick={() => onRequestHandoff(meta.outcome === 'no_answer' ? 'missing_knowledge' : 'customer_request')}
            >
              <Headset aria-hidden /> {labels.handoffOpen}
            </Button>
          </div>
        )}
        {isLastSettled && meta?.suggestions && meta.suggestions.length > 0 && (
          <QuickReplies suggestions={meta.suggestions} label={labels.quickRepliesLabel} onPick={onSend} />
        )}
        {showActions && (
          <div className="flex flex-wrap items-start justify-between gap-2">
            {showFeedback && meta?.messageId ? <FeedbackButtons messageId={meta.messageId} initial={meta.feedback} labels={labels} /> : <span />}
            {showRetry && (
              <Button type="button" variant="ghost" size="sm" className="h-8 text-muted-foreground" data-testid="chat-retry" onClick={onRetry}>
                <RotateCcw aria-hidden /> {labels.retryAnswer}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
});
