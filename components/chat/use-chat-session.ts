'use client';

import { Chat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatUIMessage, ConversationSummary, HandoffSummary } from '@/lib/domain/chat';
import { isLocale } from '@/lib/i18n/locales';
import { fetchConversation, fetchConversations, fetchCurrentConversationId } from './chat-api';
import { embedHeaders } from './embed-credentials';
import { clearStoredConversationId, newId, readStoredConversationId, storeConversationId } from './conversation-storage';

/** While a hand-off is open, look for the support expert's replies this often. */
export const HANDOFF_POLL_MS = 10_000;

/** A stored conversation that is missing right after sign-in is asked for once more after this. */
export const MISSING_RETRY_MS = 1_000;

export type ChatSessionPhase = 'idle' | 'loading' | 'ready' | 'error';

export type ChatSession = {
  phase: ChatSessionPhase;
  signedIn: boolean;
  conversationId: string | null;
  /** The AI SDK chat of the current conversation (kept outside React so it outlives the dialog). */
  chat: Chat<ChatUIMessage> | null;
  handoff: HandoffSummary | null;
  /** Signed-in customers only: null until loaded. */
  conversations: ConversationSummary[] | null;
  conversationsError: boolean;
  startNew: () => void;
  open: (id: string) => void;
  retryLoad: () => void;
  setHandoff: (handoff: HandoffSummary) => void;
  /** Looks up the conversation's hand-off again (an approved callback request opens one). */
  refreshHandoff: () => void;
  refreshConversations: () => void;
};

type Current = { id: string; chat: Chat<ChatUIMessage>; handoff: HandoffSummary | null };

function userText(message: ChatUIMessage): string {
  return message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
}

/**
 * POST /api/chat with only the new (or retried) customer message: the server keeps the history.
 * The site's locale comes in per request (`sendMessage(…, { body: { locale } })`).
 */
function createTransport() {
  return new DefaultChatTransport<ChatUIMessage>({
    api: '/api/chat',
    headers: embedHeaders,
    prepareSendMessagesRequest: ({ id, messages, body }) => {
      const last = messages.at(-1);
      if (!last || last.role !== 'user') throw new Error('Nothing to send.');
      storeConversationId(id);
      const locale: unknown = body?.locale;
      return {
        body: {
          conversationId: id,
          message: { id: last.id, role: 'user', parts: [{ type: 'text', text: userText(last) }] },
          ...(isLocale(locale) ? { locale } : {}),
        },
      };
    },
  });
}

/**
 * The chat's state outside any one view: which conversation is current (sessionStorage; a new
 * tab asks the server for this browser's current one), its
 * messages (loaded from the server on start), its hand-off, and, for signed-in customers, the
 * list of their conversations. `enabled` defers all of it (the launcher starts it on first open).
 */
export function useChatSession({ enabled, signedIn }: { enabled: boolean; signedIn: boolean }): ChatSession {
  const [current, setCurrent] = useState<Current | null>(null);
  const [phase, setPhase] = useState<ChatSessionPhase>('idle');
  const [failedId, setFailedId] = useState<string | null>(null);
  const [conversations, setConversations] = useState<ConversationSummary[] | null>(null);
  const [conversationsError, setConversationsError] = useState(false);

  const currentRef = useRef<Current | null>(null);
  const loadSeq = useRef(0);
  const started = useRef(false);
  const onFinishRef = useRef<(message: ChatUIMessage) => void>(() => {});
  const signedInRef = useRef(signedIn);
  const refreshHandoffRef = useRef<() => Promise<void>>(async () => {});

  useEffect(() => {
    currentRef.current = current;
  }, [current]);

  useEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  const [transport] = useState(createTransport);

  const createChat = useCallback(
    (id: string, messages: ChatUIMessage[]) =>
      new Chat<ChatUIMessage>({ id, messages, transport, generateId: newId, onFinish: ({ message }) => onFinishRef.current(message) }),
    [transport],
  );

  const replace = useCallback((next: Current) => {
    const previous = currentRef.current;
    if (previous && previous.chat !== next.chat) void previous.chat.stop();
    currentRef.current = next;
    setCurrent(next);
  }, []);

  const load = useCallback(
    async (id: string | null) => {
      const seq = ++loadSeq.current;
      // State changes start after a tick: load() runs from an effect, and React wants no
      // synchronous setState there (react-hooks/set-state-in-effect).
      await Promise.resolve();
      if (seq !== loadSeq.current) return;
      if (!id) {
        const fresh = newId();
        replace({ id: fresh, chat: createChat(fresh, []), handoff: null });
        setPhase('ready');
        return;
      }
      setPhase('loading');
      try {
        let detail = await fetchConversation(id);
        if (seq !== loadSeq.current) return;
        if (!detail && signedInRef.current) {
          // The server hands a conversation started anonymously in this browser over to the
          // customer who signs in; right after the sign-in round trip, ask once more before
          // giving the conversation up.
          await new Promise((resolve) => window.setTimeout(resolve, MISSING_RETRY_MS));
          if (seq !== loadSeq.current) return;
          detail = await fetchConversation(id);
          if (seq !== loadSeq.current) return;
        }
        if (detail) {
          storeConversationId(id);
          // The stored messages come as they are, data parts (approval cards) included.
          replace({ id, chat: createChat(id, detail.messages ?? []), handoff: detail.handoff ?? null });
        } else {
          // Signed in: the conversation is gone for good. Anonymous: keep the id, so that the
          // conversation can still come back once the visitor has signed in (asking in the new
          // conversation, or starting another, replaces it).
          if (signedInRef.current) clearStoredConversationId();
          const fresh = newId();
          replace({ id: fresh, chat: createChat(fresh, []), handoff: null });
        }
        setFailedId(null);
        setPhase('ready');
      } catch {
        if (seq !== loadSeq.current) return;
        setFailedId(id);
        setPhase('error');
      }
    },
    [createChat, replace],
  );

  const refreshConversations = useCallback(() => {
    if (!signedIn) return () => {};
    let cancelled = false;
    fetchConversations().then(
      (list) => {
        if (cancelled) return;
        setConversations(list);
        setConversationsError(false);
      },
      () => {
        if (!cancelled) setConversationsError(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  useEffect(() => {
    onFinishRef.current = (message) => {
      if (signedIn) refreshConversations();
      // The assistant handed the conversation to a person: show the hand-off banner now.
      if (message.metadata?.outcome === 'handoff') void refreshHandoffRef.current();
    };
  }, [signedIn, refreshConversations]);

  // This tab's conversation; in a new tab, the browser's current one (a conversation belongs to
  // the browser, not to the tab it started in).
  const resume = useCallback(async () => {
    const id = readStoredConversationId() ?? (await fetchCurrentConversationId().catch(() => null));
    await load(id);
  }, [load]);

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    void resume();
  }, [enabled, resume]);

  useEffect(() => {
    if (enabled && signedIn) return refreshConversations();
  }, [enabled, signedIn, refreshConversations]);

  // Signed in while this chat stayed mounted: a stored conversation the anonymous visitor could
  // not load (or had not loaded yet) is the customer's now; load it, unless they already went on
  // in another one.
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    const before = wasSignedIn.current;
    wasSignedIn.current = signedIn;
    if (!signedIn || before || !started.current) return;
    const stored = readStoredConversationId();
    const now = currentRef.current;
    if (stored && (!now || (now.id !== stored && now.chat.messages.length === 0))) void load(stored);
  }, [signedIn, load]);

  // A support expert answers in the same conversation: while a hand-off is open, pick up new messages.
  const pollId = current && current.handoff && current.handoff.status !== 'closed' ? current.id : null;
  useEffect(() => {
    if (!pollId) return;
    let busy = false;
    const timer = window.setInterval(async () => {
      const now = currentRef.current;
      if (busy || document.hidden || !now || now.id !== pollId || now.chat.status !== 'ready') return;
      busy = true;
      try {
        const detail = await fetchConversation(pollId);
        const latest = currentRef.current;
        if (!detail || !latest || latest.id !== pollId) return;
        if (latest.chat.status === 'ready' && detail.messages.length > latest.chat.messages.length) {
          latest.chat.messages = detail.messages;
        }
        if (detail.handoff && (detail.handoff.status !== latest.handoff?.status || detail.handoff.id !== latest.handoff?.id)) {
          const next = { ...latest, handoff: detail.handoff };
          currentRef.current = next;
          setCurrent(next);
        }
      } catch {
        // try again on the next tick
      } finally {
        busy = false;
      }
    }, HANDOFF_POLL_MS);
    return () => window.clearInterval(timer);
  }, [pollId]);

  const startNew = useCallback(() => {
    loadSeq.current++;
    clearStoredConversationId();
    const id = newId();
    // Remembered at once: a reload shows this new conversation, not the browser's previous one.
    storeConversationId(id);
    replace({ id, chat: createChat(id, []), handoff: null });
    setFailedId(null);
    setPhase('ready');
  }, [createChat, replace]);

  const open = useCallback((id: string) => void load(id), [load]);
  const retryLoad = useCallback(() => void load(failedId), [load, failedId]);

  const setHandoff = useCallback((handoff: HandoffSummary) => {
    const now = currentRef.current;
    if (!now) return;
    storeConversationId(now.id);
    const next = { ...now, handoff };
    currentRef.current = next;
    setCurrent(next);
  }, []);

  const refreshHandoff = useCallback(async () => {
    const now = currentRef.current;
    if (!now) return;
    try {
      const detail = await fetchConversation(now.id);
      const latest = currentRef.current;
      if (!detail?.handoff || !latest || latest.id !== now.id) return;
      if (detail.handoff.id !== latest.handoff?.id || detail.handoff.status !== latest.handoff?.status) {
        const next = { ...latest, handoff: detail.handoff };
        currentRef.current = next;
        setCurrent(next);
      }
    } catch {
      // the banner shows up with the next load
    }
  }, []);

  useEffect(() => {
    refreshHandoffRef.current = refreshHandoff;
  }, [refreshHandoff]);

  return {
    phase,
    signedIn,
    conversationId: current?.id ?? null,
    chat: current?.chat ?? null,
    handoff: current?.handoff ?? null,
    conversations,
    conversationsError,
    startNew,
    open,
    retryLoad,
    setHandoff,
    refreshHandoff: () => void refreshHandoff(),
    refreshConversations: () => void refreshConversations(),
  };
}
