import type { HandoffRefusal } from '@/lib/db/queries/handoffs';

/** What the expert reads when a hand-off action does not go through. */
export function refusalMessage(refusal: HandoffRefusal): string {
  switch (refusal.reason) {
    case 'not_found':
      return 'This hand-off does not exist (any more).';
    case 'closed':
      return 'This hand-off is already closed.';
    case 'claimed_by_other':
      return `Already claimed by ${refusal.claimedByName ?? 'another expert'}.`;
    case 'not_claimed':
      return 'Claim this hand-off first.';
  }
}
