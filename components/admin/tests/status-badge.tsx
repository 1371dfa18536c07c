import { Badge } from '@/components/ui/badge';
import type { Change } from '@/lib/conversation-tests/diff';

const STATUS: Record<string, { label: string; variant: 'success' | 'destructive' | 'secondary' | 'outline' }> = {
  passed: { label: 'Passed', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  error: { label: 'Could not run', variant: 'destructive' },
  skipped: { label: 'Skipped', variant: 'secondary' },
  running: { label: 'Running', variant: 'secondary' },
};

/** A case's or a run's status. */
export function TestStatusBadge({ status }: { status: string | null }) {
  if (!status) return <Badge variant="outline">Not run yet</Badge>;
  const s = STATUS[status] ?? { label: status, variant: 'outline' as const };
  return (
    <Badge variant={s.variant} data-status={status}>
      {s.label}
    </Badge>
  );
}

const CHANGE: Record<Change, { label: string; variant: 'success' | 'destructive' | 'secondary' | 'outline' }> = {
  newly_failing: { label: 'Newly failing', variant: 'destructive' },
  still_failing: { label: 'Still failing', variant: 'destructive' },
  new_failing: { label: 'New, failing', variant: 'destructive' },
  newly_passing: { label: 'Fixed', variant: 'success' },
  still_passing: { label: 'Passing', variant: 'outline' },
  new_passing: { label: 'New, passing', variant: 'success' },
  skipped: { label: 'Skipped', variant: 'secondary' },
};

/** How a case's result changed since the previous run that ran it. */
export function ChangeBadge({ change }: { change: Change }) {
  const c = CHANGE[change];
  return (
    <Badge variant={c.variant} data-change={change}>
      {c.label}
    </Badge>
  );
}
