import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled form field with an optional hint and error, wired up for screen readers via ids. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  aside,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** The control: give it id={id} and aria-describedby={describedBy(id, hint, error)}. */
  children: ReactNode;
  /** Right of the label, e.g. a character count. */
  aside?: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
