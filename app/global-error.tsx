'use client';

import { useSyncExternalStore } from 'react';
import { ErrorView, pageLocale } from '@/components/site/error-view';
import './globals.css';

const noSubscription = () => () => {};

/** The root layout itself failed: this replaces it, so it brings its own <html>, in the browser's language. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const lang = pageLocale(
    useSyncExternalStore(
      noSubscription,
      () => navigator.language,
      () => 'en',
    ),
  );
  return (
    <html lang={lang}>
      <body>
        <ErrorView locale={lang} onRetry={reset} digest={error.digest} />
      </body>
    </html>
  );
}
