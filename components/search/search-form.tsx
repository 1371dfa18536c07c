import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/ui/cn';

/** A plain GET form: works before (and without) JavaScript, and the URL is shareable. */
export function SearchForm({
  defaultValue,
  labels,
  size = 'default',
  autoFocus = false,
}: {
  defaultValue?: string;
  labels: { label: string; placeholder: string; submit: string };
  size?: 'default' | 'lg';
  autoFocus?: boolean;
}) {
  return (
    <form action="/search" method="get" role="search" className="flex w-full gap-2">
      <label htmlFor="search-q" className="sr-only">
        {labels.label}
      </label>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id="search-q"
          name="q"
          type="search"
          defaultValue={defaultValue}
          placeholder={labels.placeholder}
          maxLength={300}
          autoFocus={autoFocus}
          autoComplete="off"
          className={cn('pl-9', size === 'lg' && 'h-12 text-base')}
        />
      </div>
      <Button type="submit" size={size === 'lg' ? 'lg' : 'default'} className={size === 'lg' ? 'h-12' : undefined}>
        {labels.submit}
      </Button>
    </form>
  );
}
