import type { ReactNode } from 'react';
import { ChatLauncher } from '@/components/chat/chat-launcher';
import { SiteHeader } from '@/components/site/site-header';
import { currentUser } from '@/lib/auth/session-user';
import { getMessages } from '@/lib/i18n/server';

export default async function HelpLayout({ children }: { children: ReactNode }) {
  const [{ locale, t }, user] = await Promise.all([getMessages(), currentUser()]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2"
      >
        {t.site.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t py-6 text-center text-xs text-muted-foreground">{t.site.footer}</footer>
      <ChatLauncher labels={t.chat} locale={locale} signedIn={user?.role === 'customer'} />
    </div>
  );
}
