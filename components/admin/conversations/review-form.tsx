'use client';

import { BadgeCheck, Flag } from 'lucide-react';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { IDLE, type ConsoleActionState } from '@/lib/console/conversations/action-state';
import { reviewAnswerAction } from '@/lib/console/conversations/actions';
import { ActionMessage } from './action-message';

/** Endorse or flag one answer, with an optional comment (experts only; the action checks again). */
export function ReviewForm({ messageId, comment }: { messageId: string; comment: string | null }) {
  const [state, action, pending] = useActionState<ConsoleActionState, FormData>(reviewAnswerAction, IDLE);
  const commentId = `review-comment-${messageId}`;
  return (
    <form action={action} className="grid gap-2" data-testid="review-form">
      <input type="hidden" name="messageId" value={messageId} />
      <label htmlFor={commentId} className="text-xs font-medium text-muted-foreground">
        Review comment (optional)
      </label>
      <Textarea id={commentId} name="comment" defaultValue={comment ?? ''} maxLength={2000} rows={2} data-testid="review-comment" placeholder="What is right or wrong about this answer?" />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" name="verdict" value="endorsed" size="sm" variant="outline" disabled={pending} data-testid="review-endorse">
          <BadgeCheck aria-hidden /> Endorse
        </Button>
        <Button type="submit" name="verdict" value="flagged" size="sm" variant="outline" disabled={pending} data-testid="review-flag">
          <Flag aria-hidden /> Flag
        </Button>
        <ActionMessage state={state} testId="review-status" />
      </div>
    </form>
  );
}
