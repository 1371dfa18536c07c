'use client';

import { Play } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { JobProgress } from '@/components/admin/knowledge/job-progress';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useJob } from '@/lib/console/jobs/use-job';
import type { JobView } from '@/lib/console/jobs/view';

const EVALS = [
  { eval: 'retrieval', label: 'Run retrieval evaluation', unit: 'questions' },
  { eval: 'answers', label: 'Run answer evaluation', unit: 'questions' },
  { eval: 'actions', label: 'Run action evaluation', unit: 'requests' },
] as const;

const NAMES: Record<string, string> = { retrieval: 'Retrieval', answers: 'Answers', actions: 'Actions', pairwise: 'Pairwise judge' };

function resultLine(job: JobView): string | null {
  const r = job.result as { runId?: number } | null;
  return job.status === 'succeeded' && r?.runId ? `Stored as run #${r.runId}.` : null;
}

/** Starts an evaluation (one at a time) and shows the running or last one's progress. */
export function EvalRunner({ canRun, initialJob }: { canRun: boolean; initialJob: JobView | null }) {
  const router = useRouter();
  const { job, error, starting, start, active } = useJob({ initial: initialJob, onFinished: () => router.refresh() });
  const kind = typeof job?.params.eval === 'string' ? job.params.eval : '';
  return (
    <div className="grid gap-3">
      {canRun && (
        <div className="flex flex-wrap gap-2">
          {EVALS.map((e) => (
            <Button key={e.eval} variant={e.eval === 'retrieval' ? 'default' : 'outline'} disabled={starting || active} onClick={() => void start({ kind: 'eval', eval: e.eval })}>
              <Play aria-hidden /> {e.label}
            </Button>
          ))}
        </div>
      )}
      {error && (
        <Alert variant="destructive" data-testid="job-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {job && (
        <div className="grid gap-1">
          <p className="text-sm font-medium">
            {active ? 'Running' : 'Last evaluation'}: {NAMES[kind] ?? kind}
          </p>
          <JobProgress job={job} unit={EVALS.find((e) => e.eval === kind)?.unit ?? 'items'} />
          {resultLine(job) && <p className="text-sm text-muted-foreground">{resultLine(job)}</p>}
        </div>
      )}
    </div>
  );
}
