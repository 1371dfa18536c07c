import { SearchX } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { getMessages } from '@/lib/i18n/server';

export default async function NotFound() {
  const { t } = await getMessages();
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">{t.errors.notFoundTitle}</h1>
      <p className="text-muted-foreground">{t.errors.notFoundBody}</p>
      <Button asChild variant="outline">
        <Link href="/">{t.errors.backHome}</Link>
      </Button>
    </main>
  );
}
