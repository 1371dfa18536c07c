'use client';

import { Scale } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { JobProgress } from '@/components/admin/knowledge/job-progress';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useJob } from '@/lib/console/jobs/use-job';
import type { JobView } from '@/lib/console/jobs/view';

/** Starts the LLM pairwise judge on two answer runs (only shown when a model is configured and the role may run evaluations). */
export function PairwisePanel({ a, b, initialJob }: { a: number; b: number; initialJob: JobView | null }) {
  const router = useRouter();
  const { job, error, starting, start, active } = useJob({ initial: initialJob, onFinished: () => router.refresh() });
  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" disabled={starting || active} onClick={() => void start({ kind: 'eval', eval: 'pairwise', a, b })}>
          <Scale aria-hidden /> Ask the LLM judge which answers are better
        </Button>
      </div>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {job && <JobProgress job={job} unit="questions" />}
    </div>
  );
}
