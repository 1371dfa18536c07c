import { Badge } from '@/components/ui/badge';

const OUTCOME_LABELS: Record<string, string> = {
  answered: 'answered',
  golden: 'golden',
  no_answer: 'no answer',
  out_of_scope: 'out of scope',
  chit_chat: 'chit-chat',
  clarify: 'clarify',
  sign_in: 'sign-in',
  error: 'error',
  agent: 'expert reply',
  account: 'account',
  approval: 'approval',
  refused: 'refused',
  relayed: 'passed to the expert',
  handoff: 'hand-off',
};

const VARIANTS: Record<string, 'success' | 'destructive' | 'secondary' | 'outline' | 'default'> = {
  answered: 'success',
  golden: 'default',
  no_answer: 'destructive',
  error: 'destructive',
  refused: 'destructive',
  agent: 'secondary',
};

export function OutcomeBadge({ outcome }: { outcome: string }) {
  return (
    <Badge variant={VARIANTS[outcome] ?? 'outline'} data-outcome={outcome}>
      {OUTCOME_LABELS[outcome] ?? outcome}
    </Badge>
  );
}

const HANDOFF_VARIANTS = { open: 'destructive', claimed: 'secondary', closed: 'outline' } as const;

export function HandoffStatusBadge({ status, claimedBy }: { status: 'open' | 'claimed' | 'closed'; claimedBy?: string | null }) {
  return (
    <Badge variant={HANDOFF_VARIANTS[status]} data-testid="handoff-status" data-status={status}>
      {status === 'claimed' && claimedBy ? `claimed by ${claimedBy}` : status}
    </Badge>
  );
}
