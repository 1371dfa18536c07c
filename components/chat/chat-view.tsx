'use client';

import { ArrowLeft, CircleExclamationPoint, Headset, LoaderCircle, MessagesSquare, Plus } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import type { HandoffReason } from '@/lib/domain/chat';
import type { Locale } from '@/lib/i18n/locales';
import { cn } from '@/lib/ui/cn';
import { ChatConversation } from './chat-conversation';
import { ChatNavigationContext } from './chat-link';
import { ConversationList } from './conversation-list';
import { HandoffDialog } from './handoff-dialog';
import type { ChatLabels } from './labels';
import { useMediaQuery } from './use-media-query';
import type { ChatSession } from './use-chat-session';

export type ChatViewProps = {
  session: ChatSession;
  labels: ChatLabels;
  locale: Locale;
  /** 'page': /chat (conversation list as a sidebar on wide screens); 'dialog': the launcher. */
  variant: 'page' | 'dialog';
  /** The panel's title element: a DialogTitle in the launcher, the page's h1 on /chat. */
  heading: ReactNode;
  /** Extra header buttons (the launcher's "full page" and close). */
  headerActions?: ReactNode;
  /** Called when a link in the chat navigates within the site. */
  onNavigate?: () => void;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  className?: string;
};

/** The chat panel shared by the launcher dialog and the /chat page. */
export function ChatView({ session, labels, locale, variant, heading, headerActions, onNavigate, inputRef, className }: ChatViewProps) {
  const wide = useMediaQuery('(min-width: 1024px)');
  const sidebar = variant === 'page' && wide && session.signedIn;
  const [listOpen, setListOpen] = useState(false);
  const [handoffDialog, setHandoffDialog] = useState<{ open: boolean; reason: HandoffReason }>({ open: false, reason: 'customer_request' });
  const showListInstead = session.signedIn && !sidebar && listOpen;
  const handoffActive = session.handoff !== null && session.handoff.status !== 'closed';
  const ready = session.phase === 'ready' && session.chat !== null && session.conversationId !== null;

  const ownInputRef = useRef<HTMLTextAreaElement>(null);
  const textareaRef = inputRef ?? ownInputRef;

  const requestHandoff = useCallback((reason: HandoffReason) => setHandoffDialog({ open: true, reason }), []);
  const openConversation = useCallback(
    (id: string) => {
      setListOpen(false);
      if (id !== session.conversationId) session.open(id);
    },
    [session],
  );
  const startNew = useCallback(() => {
    setListOpen(false);
    session.startNew();
  }, [session]);
  const onApprovalDecided = useCallback(
    (card: ApprovalCard) => {
      // An approved callback request opens a hand-off: show its banner and watch for the reply.
      if (card.toolName === 'request_callback' && card.status === 'executed') session.refreshHandoff();
      session.refreshConversations();
    },
    [session],
  );

  let body: ReactNode;
  if (showListInstead) {
    body = (
      <ConversationList
        className="flex-1"
        conversations={session.conversations}
        error={session.conversationsError}
        currentId={session.conversationId}
        locale={locale}
        labels={labels}
        onOpen={openConversation}
      />
    );
  } else if (session.phase === 'error') {
    body = (
      <div className="flex flex-1 items-center justify-center p-6">
        <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center text-sm">
          <CircleExclamationPoint aria-hidden className="size-6 text-destructive" />
          <p>{labels.loadError}</p>
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="outline" data-testid="chat-retry" onClick={session.retryLoad}>
              {labels.retry}
            </Button>
            <Button type="button" size="sm" onClick={startNew}>
              {labels.newConversation}
            </Button>
          </div>
        </div>
      </div>
    );
  } else if (!ready || !session.chat) {
    body = (
      <div className="flex flex-1 items-center justify-center gap-2 p-6 text-sm text-muted-foreground" role="status">
        <LoaderCircle aria-hidden className="size-4 animate-spin" /> {labels.loading}
      </div>
    );
  } else {
    body = (
      <ChatConversation
        key={session.conversationId}
        chat={session.chat}
        locale={locale}
        labels={labels}
        handoff={session.handoff}
        onRequestHandoff={requestHandoff}
        inputRef={textareaRef}
        autoFocus
        onApprovalDecided={onApprovalDecided}
      />
    );
  }

  return (
    <ChatNavigationContext.Provider value={onNavigate}>
      <div data-testid="chat-panel" data-variant={variant} className={cn('flex h-full min-h-0 w-full min-w-0 bg-background', className)}>
        {sidebar && (
          <aside className="flex w-72 shrink-0 flex-col border-r bg-muted/30">
            <ConversationList
              className="flex-1"
              conversations={session.conversations}
              error={session.conversationsError}
              currentId={session.conversationId}
              locale={locale}
              labels={labels}
              onOpen={openConversation}
            />
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center gap-1 border-b px-3 py-2">
            <div className="min-w-0 flex-1 truncate">{heading}</div>
            {session.signedIn && !sidebar && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label={listOpen ? labels.backToChat : labels.showConversations}
                title={listOpen ? labels.backToChat : labels.showConversations}
                aria-expanded={listOpen}
                onClick={() => setListOpen((open) => !open)}
              >
                {listOpen ? <ArrowLeft aria-hidden /> : <MessagesSquare aria-hidden />}
              </Button>
            )}
            {/* Everyone: an anonymous conversation also comes back in every tab of this browser. */}
            {(
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-9"
                data-testid="chat-new"
                aria-label={labels.newConversation}
                title={labels.newConversation}
                onClick={startNew}
              >
                <Plus aria-hidden />
              </Button>
            )}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-9 px-2.5"
              data-testid="chat-handoff-open"
              aria-label={labels.handoffOpen}
              title={handoffActive ? labels.handoffActive : labels.handoffOpen}
              disabled={!ready || handoffActive}
              onClick={() => requestHandoff('customer_request')}
            >
              <Headset aria-hidden />
              <span className={cn(variant === 'dialog' ? 'hidden min-[400px]:inline' : 'hidden sm:inline')}>{labels.handoffOpen}</span>
            </Button>
            {headerActions}
          </header>
          {body}
        </div>
      </div>
      {session.conversationId && (
        <HandoffDialog
          open={handoffDialog.open}
          onOpenChange={(open) => setHandoffDialog((state) => ({ ...state, open }))}
          conversationId={session.conversationId}
          defaultReason={handoffDialog.reason}
          labels={labels}
          onCreated={session.setHandoff}
          askEmail={!session.signedIn}
        />
      )}
    </ChatNavigationContext.Provider>
  );
}
