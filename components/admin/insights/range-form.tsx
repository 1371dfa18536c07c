import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { CSV_KINDS } from '@/lib/console/insights/csv';

/** The date range (a plain GET form: the range lives in the URL) and the CSV exports. */
export function RangeForm({ from, to }: { from: string; to: string }) {
  const query = `from=${from}&to=${to}`;
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <form method="get" action="/admin/insights" className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">From</span>
          <Input type="date" name="from" defaultValue={from} className="w-40" />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">To</span>
          <Input type="date" name="to" defaultValue={to} className="w-40" />
        </label>
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </form>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Export CSV:</span>
        {CSV_KINDS.map((kind) => (
          <Button key={kind} asChild variant="ghost" size="sm">
            <a href={`/admin/insights/export?${query}&kind=${kind}`} download>
              <Download aria-hidden /> {kind}
            </a>
          </Button>
        ))}
      </div>
    </div>
  );
}
