'use client';

import type { Locale } from '@/lib/i18n/locales';
import { ChatView } from './chat-view';
import type { ChatLabels } from './labels';
import { useChatSession } from './use-chat-session';

/** The chat as a page (/chat): the same panel as the launcher, taking the whole main area. */
export function ChatFullPage({ labels, locale, signedIn }: { labels: ChatLabels; locale: Locale; signedIn: boolean }) {
  const session = useChatSession({ enabled: true, signedIn });
  return (
    <ChatView
      session={session}
      labels={labels}
      locale={locale}
      variant="page"
      className="sm:rounded-xl sm:border"
      heading={
        <div className="min-w-0">
          <h1 className="truncate text-base font-semibold">{labels.title}</h1>
          <p className="hidden truncate text-xs text-muted-foreground sm:block">{labels.subtitle}</p>
        </div>
      }
    />
  );
}
