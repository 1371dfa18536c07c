'use client';

import { LoaderCircle, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { ChatLinksInNewTabContext } from '@/components/chat/chat-link';
import { ChatView } from '@/components/chat/chat-view';
import { setEmbedCredentials } from '@/components/chat/embed-credentials';
import { fill, type ChatLabels } from '@/components/chat/labels';
import { useChatSession } from '@/components/chat/use-chat-session';
import { Button } from '@/components/ui/button';
import { VISITOR_HEADER, IDENTITY_HEADER, SITE_HEADER } from '@/lib/embed/headers';
import { WIDGET_MESSAGES, type EmbedSessionResponse } from '@/lib/embed/protocol';
import type { Locale } from '@/lib/i18n/locales';
import { readVisitorToken, storeVisitorToken } from './visitor-storage';

type Props = {
  labels: ChatLabels;
  locale: Locale;
  /** WIDGET_SITES: only these pages' messages are listened to (and only they may frame us anyway). */
  hostOrigins: string[];
  accentColor?: string;
};

type Phase = { kind: 'connecting' } | { kind: 'ready'; identity: EmbedSessionResponse['identity'] } | { kind: 'error' };

/** How long the frame waits for the host page's hello before starting as an anonymous visitor. */
const HOST_WAIT_MS = 2_000;

/**
 * The chat in the widget's frame. It says it is ready to the host page (widget.js), which answers
 * with the customer's signed identity if it has one; the frame then opens its session
 * (POST /api/embed/session: its visitor token, and what became of the identity) and runs the same
 * chat as the help site, with its credentials in headers instead of the cookie.
 */
export function EmbedChat({ labels, locale, hostOrigins, accentColor }: Props) {
  const [phase, setPhase] = useState<Phase>({ kind: 'connecting' });
  const hostOrigin = useRef<string | null>(null);
  const signedIn = phase.kind === 'ready' && phase.identity.status === 'verified';
  const session = useChatSession({ enabled: phase.kind === 'ready', signedIn });

  useEffect(() => {
    let started = false;
    const start = async (identity?: { token: string; site: string }, hostKept?: string) => {
      if (started) return;
      started = true;
      try {
        const stored = readVisitorToken() ?? hostKept;
        const response = await fetch('/api/embed/session', {
          method: 'POST',
          cache: 'no-store',
          headers: {
            ...(stored ? { [VISITOR_HEADER]: stored } : {}),
            ...(identity ? { [IDENTITY_HEADER]: identity.token, [SITE_HEADER]: identity.site } : {}),
          },
        });
        if (!response.ok) throw new Error(`session ${response.status}`);
        const body = (await response.json()) as EmbedSessionResponse;
        storeVisitorToken(body.visitorToken);
        if (hostOrigin.current) window.parent.postMessage({ type: WIDGET_MESSAGES.visitor, visitorToken: body.visitorToken }, hostOrigin.current);
        // Only an identity that verified travels with the chat's requests.
        setEmbedCredentials({ visitorToken: body.visitorToken, identity: body.identity.status === 'verified' ? identity : undefined });
        if (identity && body.identity.status !== 'verified' && body.identity.status !== 'expired') {
          console.warn(`Lantern widget: the identity token was not accepted (${body.identity.status}); chatting anonymously.`);
        }
        setPhase({ kind: 'ready', identity: body.identity });
      } catch {
        setPhase({ kind: 'error' });
      }
    };

    if (window.parent === window) {
      void start();
      return;
    }
    const onMessage = (event: MessageEvent) => {
      // Only the page that framed us, and only if it is one of the allowed sites.
      if (event.source !== window.parent || !hostOrigins.includes(event.origin)) return;
      const data: unknown = event.data;
      if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== WIDGET_MESSAGES.init) return;
      hostOrigin.current = event.origin;
      const { identity: token, visitorToken } = data as { identity?: unknown; visitorToken?: unknown };
      void start(
        typeof token === 'string' && token.length > 0 && token.length <= 4096 ? { token, site: event.origin } : undefined,
        typeof visitorToken === 'string' && visitorToken.length <= 200 ? visitorToken : undefined,
      );
    };
    window.addEventListener('message', onMessage);
    // Nothing secret in the hello: any page that framed us may read it (only listed sites can frame us).
    window.parent.postMessage({ type: WIDGET_MESSAGES.ready }, '*');
    const timer = window.setTimeout(() => void start(), HOST_WAIT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
    };
  }, [hostOrigins]);

  const close = useCallback(() => {
    if (window.parent !== window) window.parent.postMessage({ type: WIDGET_MESSAGES.close }, hostOrigin.current ?? '*');
  }, []);

  const style = accentColor ? ({ '--primary': accentColor, '--ring': accentColor } as CSSProperties) : undefined;
  const notice =
    phase.kind === 'ready' && phase.identity.status === 'verified' && phase.identity.name
      ? { tone: 'muted', text: fill(labels.embedSignedInAs, { name: phase.identity.name }) }
      : phase.kind === 'ready' && phase.identity.status === 'expired'
        ? { tone: 'warning', text: labels.embedExpired }
        : null;

  return (
    <ChatLinksInNewTabContext.Provider value>
      <div className="flex h-dvh flex-col bg-background" style={style} data-testid="embed-chat" data-identity={phase.kind === 'ready' ? phase.identity.status : phase.kind}>
        {notice && (
          <p
            role="status"
            data-testid="embed-identity"
            className={notice.tone === 'warning' ? 'border-b bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100' : 'border-b px-3 py-1.5 text-xs text-muted-foreground'}
          >
            {notice.text}
          </p>
        )}
        {phase.kind === 'ready' ? (
          <ChatView
            session={session}
            labels={labels}
            locale={locale}
            variant="dialog"
            className="min-h-0 flex-1"
            heading={<h1 className="truncate text-base font-semibold">{labels.title}</h1>}
            headerActions={
              <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={labels.close} title={labels.close} onClick={close}>
                <X aria-hidden />
              </Button>
            }
          />
        ) : (
          <div className="flex flex-1 items-center justify-center gap-2 p-6 text-sm text-muted-foreground" role={phase.kind === 'error' ? 'alert' : 'status'}>
            {phase.kind === 'connecting' ? (
              <>
                <LoaderCircle aria-hidden className="size-4 animate-spin" /> {labels.embedConnecting}
              </>
            ) : (
              labels.embedError
            )}
          </div>
        )}
      </div>
    </ChatLinksInNewTabContext.Provider>
  );
}
