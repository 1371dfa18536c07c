'use client';

import { Maximize2, MessageCircle, X } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { Locale } from '@/lib/i18n/locales';
import { ChatView } from './chat-view';
import type { ChatLabels } from './labels';
import { useChatSession } from './use-chat-session';

/**
 * The round chat button at the bottom right of every public page (not on /chat itself). It
 * opens the chat in a modal dialog: a panel above the button on wide screens, full screen on
 * phones. The conversation is loaded on first open and kept while the visitor browses.
 */
export function ChatLauncher({ labels, locale, signedIn }: { labels: ChatLabels; locale: Locale; signedIn: boolean }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const session = useChatSession({ enabled: started, signedIn });
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (next) setStarted(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  if (pathname === '/chat' || pathname.startsWith('/chat/')) return null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          type="button"
          data-testid="chat-launcher"
          aria-label={labels.openChat}
          title={labels.openChat}
          className="fixed bottom-4 right-4 z-40 size-14 rounded-full shadow-lg sm:bottom-6 sm:right-6 [&_svg]:size-6"
        >
          <MessageCircle aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent
        overlayClassName="bg-black/20 sm:bg-black/10"
        onOpenAutoFocus={(event) => {
          const input = inputRef.current;
          if (input && !input.disabled) {
            event.preventDefault();
            input.focus();
          }
        }}
        className="inset-0 left-0 top-0 flex h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 gap-0 overflow-hidden rounded-none border-0 bg-background p-0 sm:inset-auto sm:bottom-24 sm:left-auto sm:right-6 sm:top-auto sm:h-[min(44rem,calc(100dvh-8rem))] sm:w-[28rem] sm:rounded-xl sm:border"
      >
        <ChatView
          session={session}
          labels={labels}
          locale={locale}
          variant="dialog"
          inputRef={inputRef}
          onNavigate={close}
          heading={
            <>
              <DialogTitle className="truncate text-base">{labels.title}</DialogTitle>
              <DialogDescription className="sr-only">{labels.subtitle}</DialogDescription>
            </>
          }
          headerActions={
            <>
              <Button asChild variant="ghost" size="icon" className="size-9">
                <Link href="/chat" onClick={close} aria-label={labels.openFullPage} title={labels.openFullPage}>
                  <Maximize2 aria-hidden />
                </Link>
              </Button>
              <DialogClose asChild>
                <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={labels.close} title={labels.close}>
                  <X aria-hidden />
                </Button>
              </DialogClose>
            </>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
