'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** How often an open hand-off page looks for the customer's new messages. */
export const HANDOFF_PAGE_REFRESH_MS = 5_000;

/**
 * Keeps a hand-off page current while a person works on it: the customer's new messages (which
 * the bot only acknowledges while an expert holds the conversation) and a claim by someone else
 * show up without a reload. Re-renders the server page in place (router.refresh keeps what the
 * expert is typing); skipped while the tab is hidden, and once more when it comes back.
 */
export function LiveRefresh({ intervalMs = HANDOFF_PAGE_REFRESH_MS }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const refresh = () => {
      if (!document.hidden) router.refresh();
    };
    const timer = window.setInterval(refresh, intervalMs);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [router, intervalMs]);
  return null;
}
