'use client';

import { ArrowRight, Ban, Check, CircleCheck, CircleExclamationPoint, CircleX, Clock, LoaderCircle, RotateCcw, ShieldCheck, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ApprovalCard as ApprovalCardData, ApprovalStatus, ChangeLine } from '@/lib/domain/account-tools';
import type { ChatUIMessage } from '@/lib/domain/chat';
import { cn } from '@/lib/ui/cn';
import { postApprovalDecision, type ApprovalDecision } from './chat-api';
import { ChatMarkdown } from './chat-markdown';
import { describeChatError } from './chat-errors';
import type { ChatLabels } from './labels';

/** A `data-approval` part of an assistant message. */
export type ApprovalPart = Extract<ChatUIMessage['parts'][number], { type: 'data-approval' }>;

export function isApprovalPart(part: ChatUIMessage['parts'][number]): part is ApprovalPart {
  return part.type === 'data-approval';
}

/** The card's data when it is usable: a stored or streamed part might be partial or from an older shape. */
export function approvalCardOf(part: ApprovalPart): ApprovalCardData | null {
  const card: unknown = part.data;
  if (!card || typeof card !== 'object') return null;
  const { approvalId, status, preview } = card as Partial<ApprovalCardData>;
  if (typeof approvalId !== 'string' || typeof status !== 'string' || !preview || typeof preview.title !== 'string') return null;
  return card as ApprovalCardData;
}

/** What a card needs from its conversation. */
export type ApprovalHandlers = {
  /** An answer is arriving: no decisions until it is done (the outcome message must come after it). */
  disabled: boolean;
  /** A decision request starts (true) or ends (false): the conversation holds new questions meanwhile. */
  onSending: (sending: boolean) => void;
  /** The card's state after the decision, and the assistant's report of the outcome if any. */
  onDecided: (card: ApprovalCardData, message: ChatUIMessage | null) => void;
};

const STATUS_STYLE: Record<Exclude<ApprovalStatus, 'pending'>, { variant: 'success' | 'destructive' | 'secondary' | 'outline'; Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }> = {
  executed: { variant: 'success', Icon: CircleCheck },
  declined: { variant: 'secondary', Icon: CircleX },
  executing: { variant: 'outline', Icon: LoaderCircle },
  refused: { variant: 'outline', Icon: Ban },
  failed: { variant: 'destructive', Icon: CircleExclamationPoint },
  expired: { variant: 'secondary', Icon: Clock },
  superseded: { variant: 'secondary', Icon: Clock },
};

function ChangeRow({ line, labels }: { line: ChangeLine; labels: ChatLabels }) {
  const before = typeof line.before === 'string' && line.before.trim() ? line.before : null;
  return (
    <div className="grid gap-0.5 py-2 first:pt-0 last:pb-0 sm:grid-cols-[minmax(7rem,auto)_1fr] sm:gap-3">
      <dt className="text-xs font-medium text-muted-foreground sm:pt-0.5">{line.label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 break-words">
        {before !== null && (
          <>
            <span className="text-muted-foreground">
              <span className="sr-only">{labels.approvalBefore}: </span>
              {before}
            </span>
            <ArrowRight aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
          </>
        )}
        <span className="font-medium">
          {before !== null && <span className="sr-only">{labels.approvalAfter}: </span>}
          {line.after}
        </span>
      </dd>
    </div>
  );
}

/**
 * An account change the assistant proposes: what will change, and Approve / Decline while it
 * waits. The decision goes to POST /api/chat/approvals/<id>; the answer (200, or 409 when it was
 * decided before, e.g. in another tab) carries the card's current state, which replaces this
 * card in the chat, and possibly the assistant's report of the outcome, which is appended.
 */
export function ApprovalCard({
  card,
  labels,
  handlers,
}: {
  card: ApprovalCardData;
  labels: ChatLabels;
  handlers: ApprovalHandlers;
}) {
  const { disabled, onSending, onDecided } = handlers;
  const titleId = useId();
  const hintId = useId();
  const [sending, setSending] = useState<ApprovalDecision | null>(null);
  const [failed, setFailed] = useState<{ decision: ApprovalDecision; message: string } | null>(null);
  // A ref as well as state: two clicks in the same frame must not send two requests.
  const inFlight = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  const status = card.status;
  const pending = status === 'pending';
  const changes = Array.isArray(card.preview.changes) ? card.preview.changes : [];
  const notes = Array.isArray(card.preview.notes) ? card.preview.notes.filter((note) => typeof note === 'string' && note.trim()) : [];

  // The buttons go away with the decision: keep keyboard focus in the card, on the new status.
  useEffect(() => {
    if (!pending && refocus.current) {
      refocus.current = false;
      statusRef.current?.focus();
    }
  }, [pending]);

  async function decide(decision: ApprovalDecision) {
    if (inFlight.current || !pending || disabled) return;
    inFlight.current = true;
    setSending(decision);
    setFailed(null);
    onSending(true);
    try {
      const result = await postApprovalDecision(card.approvalId, decision);
      const root = rootRef.current;
      refocus.current = Boolean(root && document.activeElement && (root.contains(document.activeElement) || document.activeElement === document.body));
      onDecided(result.card, result.message);
    } catch (error) {
      setFailed({ decision, message: describeChatError(error, labels).message });
    } finally {
      inFlight.current = false;
      setSending(null);
      onSending(false);
    }
  }

  const style = pending ? null : STATUS_STYLE[status as Exclude<ApprovalStatus, 'pending'>] ?? STATUS_STYLE.failed;

  return (
    <div
      ref={rootRef}
      role="group"
      aria-labelledby={titleId}
      aria-busy={sending !== null}
      data-testid="chat-approval"
      data-approval-id={card.approvalId}
      data-status={status}
      className={cn(
        'w-full max-w-xl rounded-xl border bg-card text-card-foreground shadow-sm',
        pending ? 'border-primary/40' : 'border-border',
      )}
    >
      <div className="flex items-start gap-3 border-b px-4 py-3">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium text-muted-foreground">{labels.approvalEyebrow}</p>
          <p id={titleId} className="break-words text-base font-semibold leading-snug">
            {card.preview.title}
          </p>
        </div>
      </div>

      <div className="grid gap-3 px-4 py-3 text-sm">
        {changes.length > 0 && (
          <dl className="divide-y">
            {changes.map((line, index) => (
              <ChangeRow key={`${index}:${line.label}`} line={line} labels={labels} />
            ))}
          </dl>
        )}
        {notes.length > 0 && (
          <div className="rounded-lg bg-muted/60 px-3 py-2">
            <p className="text-xs font-medium text-muted-foreground">{labels.approvalNotes}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-4 text-sm">
              {notes.map((note, index) => (
                <li key={index} className="break-words">
                  {note}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <div className="border-t px-4 py-3">
        {pending ? (
          <div className="grid gap-3">
            <p id={hintId} className="text-xs text-muted-foreground">
              {labels.approvalPendingHint}
            </p>
            {failed && (
              <div role="alert" data-testid="chat-approval-error" className="grid gap-2 rounded-lg border border-destructive/50 bg-destructive/5 px-3 py-2 text-sm">
                <div className="flex items-start gap-2">
                  <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
                  <p className="min-w-0 flex-1 break-words">
                    <span className="font-medium text-destructive">{labels.approvalError}</span> <span className="text-muted-foreground">{failed.message}</span>
                  </p>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="h-8 justify-self-end"
                  data-testid="chat-approval-retry"
                  disabled={sending !== null || disabled}
                  onClick={() => void decide(failed.decision)}
                >
                  <RotateCcw aria-hidden /> {labels.retry}
                </Button>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                className="min-w-28 flex-1 sm:flex-none"
                data-testid="chat-approve"
                aria-describedby={`${titleId} ${hintId}`}
                disabled={sending !== null || disabled}
                onClick={() => void decide('approve')}
              >
                {sending === 'approve' ? <LoaderCircle aria-hidden className="animate-spin" /> : <Check aria-hidden />}
                {labels.approvalApprove}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="min-w-28 flex-1 sm:flex-none"
                data-testid="chat-decline"
                aria-describedby={titleId}
                disabled={sending !== null || disabled}
                onClick={() => void decide('decline')}
              >
                {sending === 'decline' ? <LoaderCircle aria-hidden className="animate-spin" /> : <X aria-hidden />}
                {labels.approvalDecline}
              </Button>
            </div>
            {sending && (
              <p role="status" className="sr-only">
                {labels.approvalSending}
              </p>
            )}
          </div>
        ) : (
          <div ref={statusRef} tabIndex={-1} className="grid gap-2 outline-none" data-testid="chat-approval-result">
            <div>
              <Badge variant={style?.variant} className="gap-1.5 py-1 text-sm" data-testid="chat-approval-status" data-status={status}>
                {style && <style.Icon aria-hidden className={cn('size-3.5', status === 'executing' && 'animate-spin motion-reduce:animate-none')} />}
                {labels.approvalStatus[status] ?? status}
              </Badge>
            </div>
            {card.resultText && (
              <div className="[&_.chat-markdown]:space-y-2 [&_.chat-markdown]:text-sm" data-testid="chat-approval-result-text">
                <ChatMarkdown text={card.resultText} citationLabel={labels.citationLabel} />
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
