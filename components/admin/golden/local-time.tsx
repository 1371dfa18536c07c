'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A timestamp in the reader's own time zone and locale. The server (and hydration) render it
 * in UTC, marked as such; the browser then switches to local time.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  const text = inBrowser
    ? new Intl.DateTimeFormat(navigator.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
    : `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
  return (
    <time dateTime={iso} title={iso} className={className}>
      {text}
    </time>
  );
}
