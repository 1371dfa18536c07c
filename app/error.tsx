'use client';

import { useSyncExternalStore } from 'react';
import { ErrorView, pageLocale } from '@/components/site/error-view';

const noSubscription = () => () => {};

/** A page (or an action it ran) failed: say so in the page's language, with a retry and a way back. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const lang = useSyncExternalStore(
    noSubscription,
    () => document.documentElement.lang,
    () => 'en',
  );
  return <ErrorView locale={pageLocale(lang)} onRetry={reset} digest={error.digest} />;
}
