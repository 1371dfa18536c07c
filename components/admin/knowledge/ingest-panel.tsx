'use client';

import { RefreshCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useJob } from '@/lib/console/jobs/use-job';
import type { JobView } from '@/lib/console/jobs/view';
import { IngestSummary } from './ingest-summary';
import { JobProgress } from './job-progress';

/** "Re-ingest now" and the live progress of the current (or last) ingest job. */
export function IngestPanel({ canIngest, initialJob }: { canIngest: boolean; initialJob: JobView | null }) {
  const router = useRouter();
  const { job, error, starting, start, active } = useJob({ initial: initialJob, onFinished: () => router.refresh() });
  return (
    <div className="grid gap-3">
      {canIngest && (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void start({ kind: 'ingest' })} disabled={starting || active}>
            <RefreshCw className={starting || active ? 'animate-spin' : undefined} aria-hidden />
            {active ? 'Re-ingest running…' : 'Re-ingest now'}
          </Button>
          <p className="text-sm text-muted-foreground">Unchanged files are skipped; the index stays searchable throughout.</p>
        </div>
      )}
      {error && (
        <Alert variant="destructive" data-testid="job-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {job && (
        <>
          <JobProgress job={job} unit={job.progress.phase === 'embed' || job.progress.phase === 'write' ? 'passages' : 'files'} />
          {job.status === 'succeeded' && <IngestSummary result={job.result} />}
        </>
      )}
    </div>
  );
}
