'use client';

import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { MAX_COMMENT_CHARS, type Feedback, type FeedbackRating } from '@/lib/domain/chat';
import { cn } from '@/lib/ui/cn';
import { postFeedback } from './chat-api';
import type { ChatLabels } from './labels';

/**
 * Thumbs up/down on one answer. A thumb opens a small form for an optional comment; sending it
 * records the rating. The chosen rating then stays shown (and comes back from the message's
 * metadata after a reload).
 */
export function FeedbackButtons({ messageId, initial, labels }: { messageId: string; initial: Feedback | null | undefined; labels: ChatLabels }) {
  const [sent, setSent] = useState<Feedback | null>(initial ?? null);
  const [draft, setDraft] = useState<FeedbackRating | null>(null);
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const chosen = sent?.rating ?? draft;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || pending) return;
    setPending(true);
    setFailed(false);
    const trimmed = comment.trim();
    try {
      await postFeedback({ messageId, rating: draft, ...(trimmed ? { comment: trimmed } : {}) });
      setSent({ rating: draft, comment: trimmed || null });
      setDraft(null);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  const thumb = (rating: FeedbackRating) => {
    const Icon = rating === 'up' ? ThumbsUp : ThumbsDown;
    const label = rating === 'up' ? labels.feedbackUp : labels.feedbackDown;
    return (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn('size-8 p-0', chosen === rating && 'bg-accent text-primary')}
        data-testid={`chat-feedback-${rating}`}
        aria-label={label}
        title={label}
        aria-pressed={chosen === rating}
        aria-expanded={sent ? undefined : draft === rating}
        aria-controls={sent ? undefined : `${id}-form`}
        disabled={sent !== null}
        onClick={() => {
          if (pending) return;
          setDraft((current) => (current === rating ? null : rating));
          setFailed(false);
        }}
      >
        <Icon aria-hidden className={cn(chosen === rating && 'fill-current')} />
      </Button>
    );
  };

  return (
    <div className="flex flex-col gap-2" data-testid="chat-feedback" data-state={sent ? 'sent' : draft ? 'draft' : 'idle'} data-rating={sent?.rating}>
      <div className="flex items-center gap-1">
        <span className="mr-1 text-xs text-muted-foreground">{sent ? labels.feedbackThanks : labels.feedbackQuestion}</span>
        {thumb('up')}
        {thumb('down')}
      </div>
      {draft && !sent && (
        <form id={`${id}-form`} onSubmit={submit} className="grid w-full max-w-md gap-2 rounded-lg border bg-card p-3">
          <label htmlFor={`${id}-comment`} className="text-xs font-medium">
            {labels.feedbackCommentLabel}
          </label>
          <Textarea
            id={`${id}-comment`}
            data-testid="chat-feedback-comment"
            value={comment}
            maxLength={MAX_COMMENT_CHARS}
            rows={2}
            placeholder={draft === 'up' ? labels.feedbackCommentPlaceholderUp : labels.feedbackCommentPlaceholderDown}
            onChange={(event) => setComment(event.target.value)}
          />
          {failed && (
            <p role="alert" className="text-xs text-destructive">
              {labels.feedbackError}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(null)}>
              {labels.feedbackCancel}
            </Button>
            <Button type="submit" size="sm" data-testid="chat-feedback-submit" disabled={pending}>
              {labels.feedbackSubmit}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
