'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { RescheduleSourceState } from '@/app/admin/knowledge/actions';

type Schedule = 'manual' | 'hourly' | 'daily' | 'weekly';

const SCHEDULE_CHOICES: [Schedule, string][] = [
  ['manual', 'Only when started here'],
  ['hourly', 'Every hour'],
  ['daily', 'Every day'],
  ['weekly', 'Every week'],
];

/** The choices of how often a website is crawled, for the add form and each source's schedule. */
export function ScheduleOptions() {
  return SCHEDULE_CHOICES.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/** The value a datetime-local input shows for an instant, in the browser's time zone. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * How often a website is crawled, and when its next crawl runs ("tonight at 02:00", then every day
 * at that time). The time is the expert's own (their browser's zone), sent as an instant.
 */
export function WebsiteScheduleForm({
  source,
  action,
  disabled,
}: {
  source: { id: number; name: string; schedule: Schedule; nextRunAt: string | null };
  action: (previous: RescheduleSourceState, form: FormData) => Promise<RescheduleSourceState>;
  disabled: boolean;
}) {
  const [state, reschedule, saving] = useActionState(action, { status: 'idle' });
  const submit = (form: FormData) => {
    const local = form.get('nextRunLocal');
    form.delete('nextRunLocal');
    if (typeof local === 'string' && local !== '') form.set('nextRunAt', new Date(local).toISOString());
    reschedule(form);
  };
  return (
    <details className="mt-1 text-xs" data-testid="website-schedule">
      <summary className="cursor-pointer text-muted-foreground">Change schedule</summary>
      <form action={submit} className="mt-2 grid gap-2">
        <input type="hidden" name="id" value={source.id} />
        <div className="grid gap-1">
          <Label htmlFor={`schedule-${source.id}`}>Crawl again</Label>
          <select id={`schedule-${source.id}`} name="schedule" defaultValue={source.schedule} className="h-8 rounded-md border bg-background px-2 text-xs">
            <ScheduleOptions />
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`next-run-${source.id}`}>Next crawl (empty: one interval from now)</Label>
          <Input id={`next-run-${source.id}`} name="nextRunLocal" type="datetime-local" className="h-8 text-xs" defaultValue={localInputValue(source.nextRunAt)} />
        </div>
        <Button size="sm" variant="outline" type="submit" disabled={disabled || saving} aria-label={`Save the schedule of ${source.name}`}>
          Save schedule
        </Button>
        {state.status === 'error' && (
          <p className="text-destructive" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'saved' && <p role="status">{state.nextRunAt ? 'Saved: the next crawl is scheduled.' : 'Saved: crawled only when started here.'}</p>}
      </form>
    </details>
  );
}
