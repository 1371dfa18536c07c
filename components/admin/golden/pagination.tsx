import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { listQuery, type GoldenListParams } from '@/lib/console/golden/list';
import { cn } from '@/lib/ui/cn';
import { buttonVariants } from '@/components/ui/button';

export function Pagination({ params, pages }: { params: GoldenListParams; pages: number }) {
  if (pages <= 1) return null;
  const href = (page: number) => `/admin/golden${listQuery({ ...params, page })}`;
  const prev = params.page > 1 ? Math.min(params.page - 1, pages) : null;
  const next = params.page < pages ? params.page + 1 : null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      {prev ? (
        <Link href={href(prev)} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="prev">
          <ChevronLeft aria-hidden /> Previous
        </Link>
      ) : (
        <span className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-50')} aria-hidden>
          <ChevronLeft /> Previous
        </span>
      )}
      <span className="text-sm text-muted-foreground" aria-current="page">
        Page {Math.min(params.page, pages)} of {pages}
      </span>
      {next ? (
        <Link href={href(next)} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="next">
          Next <ChevronRight aria-hidden />
        </Link>
      ) : (
        <span className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-50')} aria-hidden>
          Next <ChevronRight />
        </span>
      )}
    </nav>
  );
}
