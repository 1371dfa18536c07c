'use client';

import { RefreshCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useJob } from '@/lib/console/jobs/use-job';
import type { JobView } from '@/lib/console/jobs/view';
import { IngestSummary } from './ingest-summary';
import { JobProgress } from './job-progress';

/** "Re-ingest now" and the live progress of the current (or last) ingest job. */
export function IngestPanel({ canIngest, initialJob }: { canIngest: boolean; initialJob: JobView | null }) {
  const router = useRouter();
  const { job, error, starting, start, active } = useJob({ initial: initialJob, onFinished: () => router.refresh() });
  // Optional: one folder or file of the content folder (the server checks it stays inside).
  const [path, setPath] = useState('');
  return (
    <div className="grid gap-3">
      {canIngest && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void start(path.trim() ? { kind: 'ingest', path: path.trim() } : { kind: 'ingest' });
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor="ingest-path">Only this folder or file (optional)</Label>
            <Input id="ingest-path" className="w-64" value={path} onChange={(e) => setPath(e.target.value)} placeholder="e.g. de or en/roaming.md" disabled={starting || active} />
          </div>
          <Button type="submit" disabled={starting || active}>
            <RefreshCw className={starting || active ? 'animate-spin' : undefined} aria-hidden />
            {active ? 'Re-ingest running…' : 'Re-ingest now'}
          </Button>
          <p className="text-sm text-muted-foreground">Unchanged files are skipped; the index stays searchable throughout.</p>
        </form>
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
