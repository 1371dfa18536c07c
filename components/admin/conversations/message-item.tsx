import { BadgeCheck, Bot, Flag, Headset, ThumbsDown, ThumbsUp, User } from 'lucide-react';
import { ChatMarkdown } from '@/components/chat/chat-markdown';
import { Badge } from '@/components/ui/badge';
import type { ConsoleAnswer } from '@/lib/console/conversations/detail';
import type { DocumentRef } from '@/lib/db/queries/console-conversations';
import { cn } from '@/lib/ui/cn';
import { ApprovalList } from './approval-list';
import { OutcomeBadge } from './outcome-badge';
import { PromoteForm } from './promote-form';
import { ReviewForm } from './review-form';
import { TracePanel } from './trace-panel';
import { LocalTime } from '@/components/admin/golden/local-time';

const WHO = {
  user: { label: 'Customer', Icon: User, tone: 'bg-muted text-foreground' },
  assistant: { label: 'Assistant', Icon: Bot, tone: 'bg-primary/15 text-primary' },
  agent: { label: 'Support expert', Icon: Headset, tone: 'bg-success/15 text-success' },
} as const;

export type ReviewControls = { promoted: boolean } | null;

/** One message as the console shows it: text, and for answers everything behind them. */
export function MessageItem({
  message,
  documents,
  review,
}: {
  message: ConsoleAnswer;
  documents: Map<string, DocumentRef>;
  /** Experts only: the review and promote controls (null renders none). */
  review: ReviewControls;
}) {
  const who = WHO[message.role];
  const isAnswer = message.role === 'assistant';
  return (
    <li
      className={cn('grid gap-3 rounded-xl border bg-card p-4', message.superseded && 'opacity-70')}
      data-testid="console-message"
      data-role={message.role}
      data-message-id={message.id}
      data-outcome={message.outcome ?? undefined}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={cn('flex size-7 items-center justify-center rounded-full', who.tone)} aria-hidden>
          <who.Icon className="size-4" />
        </span>
        <span className="font-medium">{who.label}</span>
        {isAnswer && message.outcome && <OutcomeBadge outcome={message.outcome} />}
        {message.superseded && <Badge variant="outline">superseded by a retry</Badge>}
        {message.lang && <span className="text-xs uppercase text-muted-foreground">{message.lang}</span>}
        <span className="ml-auto text-xs text-muted-foreground"><LocalTime iso={message.createdAt.toISOString()} /></span>
      </div>
      <div data-testid="console-message-text">
        {!message.content ? (
          <p className="italic text-muted-foreground">(empty)</p>
        ) : message.role === 'user' ? (
          <p className="whitespace-pre-wrap break-words text-[0.95rem]">{message.content}</p>
        ) : (
          // Answers are markdown, rendered as the customer saw them (sanitised, site links only).
          <ChatMarkdown text={message.content} citations={message.citationList} citationLabel="Source" />
        )}
      </div>
      {isAnswer && message.citationList.length > 0 && (
        <ol className="grid gap-0.5 text-xs text-muted-foreground">
          {message.citationList.map((c) => (
            <li key={`${c.n}-${c.documentId}`}>
              [{c.n}]{' '}
              <a href={c.url} className="text-foreground hover:underline">
                {c.title}
              </a>
              {c.heading && <> › {c.heading}</>}
            </li>
          ))}
        </ol>
      )}
      <ApprovalList approvals={message.approvals} />
      {isAnswer && (message.feedback || message.review) && (
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {message.feedback && (
            <p className="flex items-start gap-1.5" data-testid="console-feedback" data-rating={message.feedback.rating}>
              {message.feedback.rating === 'up' ? (
                <ThumbsUp className="mt-0.5 size-4 text-success" aria-label="Customer: thumbs up" />
              ) : (
                <ThumbsDown className="mt-0.5 size-4 text-destructive" aria-label="Customer: thumbs down" />
              )}
              <span>
                Customer {message.feedback.rating === 'up' ? 'liked' : 'disliked'} this answer
                {message.feedback.comment && <>: &ldquo;{message.feedback.comment}&rdquo;</>}
              </span>
            </p>
          )}
          {message.review && (
            <p className="flex items-start gap-1.5" data-testid="console-review" data-verdict={message.review.verdict}>
              {message.review.verdict === 'endorsed' ? (
                <BadgeCheck className="mt-0.5 size-4 text-primary" aria-hidden />
              ) : (
                <Flag className="mt-0.5 size-4 text-destructive" aria-hidden />
              )}
              <span>
                {message.review.verdict === 'endorsed' ? 'Endorsed' : 'Flagged'} by {message.review.reviewerName ?? 'a former expert'} on <LocalTime iso={message.review.reviewedAt.toISOString()} />
                {message.review.comment && <>: &ldquo;{message.review.comment}&rdquo;</>}
              </span>
            </p>
          )}
        </div>
      )}
      {isAnswer && message.trace && <TracePanel trace={message.trace} retrieved={message.retrieved} citations={message.citationList} documents={documents} />}
      {isAnswer && review && (
        <div className="grid gap-3 border-t pt-3">
          <ReviewForm messageId={message.id} comment={message.review?.comment ?? null} />
          <PromoteForm
            messageId={message.id}
            existing={review.promoted}
            defaults={{
              question: message.question ?? '',
              answer: message.content,
              lang: message.trace?.lang ?? message.lang ?? 'en',
              sourceIds: [...new Set(message.citationList.map((c) => c.documentId))],
            }}
          />
        </div>
      )}
    </li>
  );
}
