import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { messagesFor } from '@/lib/i18n/messages';

/** The language of the page the error happened on (the root layout sets <html lang>), else English. */
export function pageLocale(lang: string | null | undefined): Locale {
  const short = (lang ?? '').slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(short) ? (short as Locale) : 'en';
}

/** What a reader sees when a page fails: what happened, in their language, a retry and a way back. */
export function ErrorView({ locale, onRetry, digest }: { locale: Locale; onRetry: () => void; digest?: string }) {
  const t = messagesFor(locale).errors;
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center" data-testid="error-page">
      <TriangleAlert className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">{t.errorTitle}</h1>
      <p className="text-muted-foreground">{t.errorBody}</p>
      {/* The id support can look up in the server log; the error's text stays there. */}
      {digest && <p className="font-mono text-xs text-muted-foreground">{digest}</p>}
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>{t.tryAgain}</Button>
        <Button asChild variant="outline">
          {/* A full page load: after an error the client router may be the broken part. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">{t.backHome}</a>
        </Button>
      </div>
    </main>
  );
}
