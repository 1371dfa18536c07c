import { CircleCheck, Headset } from 'lucide-react';
import type { HandoffSummary } from '@/lib/domain/chat';
import { cn } from '@/lib/ui/cn';
import type { ChatLabels } from './labels';

/** Where the hand-off stands; shown from the moment it is created and again after a reload. */
export function HandoffBanner({ handoff, labels }: { handoff: HandoffSummary; labels: ChatLabels }) {
  const closed = handoff.status === 'closed';
  const text = closed ? labels.handoffStatusClosed : handoff.status === 'claimed' ? labels.handoffStatusClaimed : labels.handoffStatusOpen;
  const Icon = closed ? CircleCheck : Headset;
  return (
    <div
      role="status"
      data-testid="chat-handoff-status"
      data-status={handoff.status}
      className={cn(
        'flex items-start gap-2 border-t px-4 py-2.5 text-sm',
        closed ? 'bg-muted text-muted-foreground' : 'bg-success/10 text-foreground',
      )}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', !closed && 'text-success')} />
      <p className="mx-auto w-full max-w-3xl">{text}</p>
    </div>
  );
}
