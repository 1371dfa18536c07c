import Link from 'next/link';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** Why an evaluation page cannot show what was asked for, with the way back. */
export function RunProblem({ heading, title, children }: { heading: string; title: string; children: ReactNode }) {
  return (
    <div className="grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
      <Alert>
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{children}</AlertDescription>
      </Alert>
      <Link href="/admin/evals" className="text-sm underline-offset-4 hover:underline">
        Back to evaluations
      </Link>
    </div>
  );
}
