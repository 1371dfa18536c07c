'use client';

import { Headset, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { HANDOFF_REASONS, handoffRequestSchema, MAX_COMMENT_CHARS, type HandoffReason, type HandoffSummary } from '@/lib/domain/chat';
import { describeChatError } from './chat-errors';
import { postHandoff } from './chat-api';
import type { ChatLabels } from './labels';

type HandoffDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversationId: string;
  defaultReason: HandoffReason;
  labels: ChatLabels;
  onCreated: (handoff: HandoffSummary) => void;
  /** Anonymous customers may leave an email for the reply. */
  askEmail: boolean;
};

/** "Talk to a person": the fixed reasons, an optional note, then POST /api/chat/handoff. */
export function HandoffDialog(props: HandoffDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={props.labels.handoffCancel} className="max-w-lg">
        {/* Keyed by the reason it opened with, so every opening starts from a clean form. */}
        {props.open && <HandoffForm key={`${props.conversationId}-${props.defaultReason}`} {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function HandoffForm({ onOpenChange, conversationId, defaultReason, labels, onCreated, askEmail }: HandoffDialogProps) {
  const [reason, setReason] = useState<HandoffReason>(defaultReason);
  const [note, setNote] = useState('');
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const trimmed = note.trim();
    const address = email.trim();
    // The server's own rule, checked here first so the customer reads why in their language.
    if (askEmail && address && !handoffRequestSchema.shape.email.safeParse(address).success) {
      setEmailInvalid(true);
      return;
    }
    setEmailInvalid(false);
    setPending(true);
    setError(null);
    try {
      const handoff = await postHandoff({ conversationId, reason, ...(trimmed ? { note: trimmed } : {}), ...(askEmail && address ? { email: address } : {}) });
      onCreated(handoff);
      onOpenChange(false);
    } catch (cause) {
      const described = describeChatError(cause, labels);
      setError(described.code === 'network' ? labels.errorNetwork : `${labels.handoffError} ${described.message === labels.errorGeneric ? '' : described.message}`.trim());
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <Headset aria-hidden className="size-5 text-primary" /> {labels.handoffTitle}
        </DialogTitle>
        <DialogDescription>{labels.handoffDescription}</DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{labels.handoffReasonLegend}</legend>
        {HANDOFF_REASONS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              data-testid={`chat-handoff-reason-${value}`}
              className="size-4 shrink-0 accent-[var(--primary)] focus-visible:outline-none"
            />
            {labels.handoffReasons[value]}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          {labels.handoffNoteLabel}
        </label>
        <Textarea
          id={`${id}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={MAX_COMMENT_CHARS}
          rows={3}
          placeholder={labels.handoffNotePlaceholder}
          data-testid="chat-handoff-note"
        />
      </div>
      {askEmail && (
        <div className="grid gap-2">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            {labels.handoffEmailLabel}
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailInvalid(false);
            }}
            maxLength={254}
            placeholder={labels.handoffEmailPlaceholder}
            aria-invalid={emailInvalid || undefined}
            aria-describedby={emailInvalid ? `${id}-email-error` : undefined}
            data-testid="chat-handoff-email"
          />
          {emailInvalid && (
            <p id={`${id}-email-error`} role="alert" className="text-sm text-destructive" data-testid="chat-handoff-email-error">
              {labels.handoffEmailInvalid}
            </p>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
          {labels.handoffCancel}
        </Button>
        <Button type="submit" data-testid="chat-handoff-submit" disabled={pending}>
          {pending && <LoaderCircle aria-hidden className="animate-spin" />}
          {pending ? labels.handoffSubmitting : labels.handoffSubmit}
        </Button>
      </DialogFooter>
    </form>
  );
}
