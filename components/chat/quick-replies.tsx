'use client';

import { Button } from '@/components/ui/button';

/** Buttons that send a prepared text: suggested questions, or an answer's quick replies. */
export function QuickReplies({
  suggestions,
  label,
  onPick,
  disabled = false,
  layout = 'row',
}: {
  suggestions: readonly string[];
  label: string;
  onPick: (text: string) => void;
  disabled?: boolean;
  layout?: 'row' | 'grid';
}) {
  return (
    <ul aria-label={label} className={layout === 'grid' ? 'grid gap-2 sm:grid-cols-2' : 'flex flex-wrap gap-2'}>
      {suggestions.map((suggestion) => (
        <li key={suggestion} className={layout === 'grid' ? 'flex' : undefined}>
          <Button
            type="button"
            variant="outline"
            size="sm"
            data-testid="chat-suggestion"
            disabled={disabled}
            onClick={() => onPick(suggestion)}
            className={
              layout === 'grid'
                ? 'h-auto w-full justify-start whitespace-normal rounded-xl px-3 py-2.5 text-left font-normal leading-snug'
                : 'h-auto min-h-8 whitespace-normal rounded-full px-3 py-1 text-left'
            }
          >
            {suggestion}
          </Button>
        </li>
      ))}
    </ul>
  );
}
