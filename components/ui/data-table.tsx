import type { ReactNode } from 'react';
import { cn } from '@/lib/ui/cn';

/** A column heading: its label, right-aligned for figures. */
export type DataTableColumn = string | { label: ReactNode; align?: 'right' };

/**
 * The console's plain table: small text, a muted heading row, the rows as children. On a narrow
 * screen it scrolls sideways in its own box (relative: screen-reader-only text inside, which is
 * absolutely positioned, is clipped by the box instead of widening the page).
 */
export function DataTable({ columns, testId, children }: { columns: DataTableColumn[]; testId?: string; children: ReactNode }) {
  return (
    <div className="relative max-w-full overflow-x-auto">
    <table className="w-full text-sm" data-testid={testId}>
      <thead className="text-left text-muted-foreground">
        <tr className="border-b">
          {columns.map((column, i) => {
            const { label, align } = typeof column === 'string' ? { label: column, align: undefined } : column;
            return (
              <th key={i} className={cn('py-2 font-medium', i < columns.length - 1 && 'pr-4', align === 'right' && 'text-right')}>
                {label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
    </div>
  );
}
