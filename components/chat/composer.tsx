'use client';

import { SendHorizontal, Square } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { MAX_MESSAGE_CHARS } from '@/lib/domain/chat';
import { fill, type ChatLabels } from './labels';

type ComposerProps = {
  labels: ChatLabels;
  /** A request is in flight: Send becomes Stop. */
  busy: boolean;
  /** Nothing can be sent (conversation still loading). */
  disabled?: boolean;
  /** Typing is fine but sending waits (an approval decision is in flight). */
  holdSend?: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** Focus the box when it appears (the launcher, once the conversation has loaded). */
  autoFocus?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

/** The message box: Enter sends, Shift+Enter starts a new line; Stop while an answer streams. */
export function Composer({ labels, busy, disabled = false, holdSend = false, onSend, onStop, autoFocus = false, ref }: ComposerProps) {
  const [text, setText] = useState('');
  const id = useId();
  const tooLong = text.length > MAX_MESSAGE_CHARS;
  const canSend = !busy && !disabled && !holdSend && !tooLong && text.trim().length > 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} className="border-t bg-background p-3">
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {labels.inputLabel}
        </label>
        <Textarea
          ref={ref}
          id={id}
          data-testid="chat-input"
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={labels.placeholder}
          disabled={disabled}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-count` : undefined}
          enterKeyHint="send"
          autoFocus={autoFocus}
          className="max-h-40 min-h-10 resize-none [field-sizing:content]"
        />
        {busy ? (
          <Button type="button" size="icon" variant="outline" data-testid="chat-stop" onClick={onStop} aria-label={labels.stop} title={labels.stop}>
            <Square aria-hidden className="fill-current" />
          </Button>
        ) : (
          <Button type="submit" size="icon" data-testid="chat-send" disabled={!canSend} aria-label={labels.send} title={labels.send}>
            <SendHorizontal aria-hidden />
          </Button>
        )}
      </div>
      {tooLong && (
        <p id={`${id}-count`} className="mx-auto mt-1 max-w-3xl text-xs text-destructive" aria-live="polite">
          {fill(labels.tooLong, { count: text.length, max: MAX_MESSAGE_CHARS })}
        </p>
      )}
    </form>
  );
}
