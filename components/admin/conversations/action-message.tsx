import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ConsoleActionState } from '@/lib/console/conversations/action-state';
import { cn } from '@/lib/ui/cn';

/** The result line under a console form: polite for success, assertive for a refusal. */
export function ActionMessage({ state, className, testId = 'action-status' }: { state: ConsoleActionState; className?: string; testId?: string }) {
  if (state.status === 'idle') return null;
  const failed = state.status === 'error';
  return (
    <p
      role={failed ? 'alert' : 'status'}
      data-testid={testId}
      data-state={state.status}
      className={cn('flex items-center gap-1.5 text-sm', failed ? 'text-destructive' : 'text-success', className)}
    >
      {failed ? <AlertCircle className="size-4 shrink-0" aria-hidden /> : <CheckCircle2 className="size-4 shrink-0" aria-hidden />}
      {state.message}
    </p>
  );
}
