'use client';

import { AlertTriangle, CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { durationLabel, isActive, phaseLabel, type JobView } from '@/lib/console/jobs/view';

const STATUS_LABEL: Record<JobView['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  interrupted: 'Interrupted',
};

export function JobStatusBadge({ status }: { status: JobView['status'] }) {
  const variant = status === 'succeeded' ? 'success' : status === 'failed' || status === 'interrupted' ? 'destructive' : 'secondary';
  return (
    <Badge variant={variant} data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

/** A job's live state: status, phase, a progress bar with counts, problems so far, and the error if it failed. */
export function JobProgress({ job, unit = 'items' }: { job: JobView; unit?: string }) {
  const { progress } = job;
  const active = isActive(job);
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : active ? undefined : 100;
  return (
    <div className="grid gap-2 rounded-lg border p-4" data-testid="job-progress" data-job-id={job.id} data-status={job.status} aria-live="polite">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {active ? (
          <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
        ) : job.status === 'succeeded' ? (
          <CheckCircle2 className="size-4 text-success" aria-hidden />
        ) : (
          <XCircle className="size-4 text-destructive" aria-hidden />
        )}
        <JobStatusBadge status={job.status} />
        <span className="font-medium">{phaseLabel(progress.phase)}</span>
        {progress.total > 0 && (
          <span className="text-muted-foreground" data-testid="job-progress-count">
            {progress.done.toLocaleString('en-US')} / {progress.total.toLocaleString('en-US')} {unit}
          </span>
        )}
        {progress.errors > 0 && (
          <span className="flex items-center gap-1 text-destructive">
            <AlertTriangle className="size-3.5" aria-hidden /> {progress.errors} {progress.errors === 1 ? 'problem' : 'problems'}
          </span>
        )}
        <span className="ml-auto text-muted-foreground" suppressHydrationWarning>
          {durationLabel(job)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Job progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={`h-full rounded-full transition-[width] ${job.status === 'failed' || job.status === 'interrupted' ? 'bg-destructive' : 'bg-primary'} ${percent === undefined ? 'w-1/3 animate-pulse' : ''}`}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
      {active && progress.detail && <p className="truncate text-xs text-muted-foreground">{progress.detail}</p>}
      {job.stale && <p className="text-xs text-destructive">No sign of life from this job for a while: its server may have stopped. Another server takes it over, or this one resumes it when it restarts.</p>}
      {job.error && <p className="text-sm text-destructive">{job.error}</p>}
    </div>
  );
}
