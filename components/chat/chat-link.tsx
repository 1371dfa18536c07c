'use client';

import Link from 'next/link';
import { createContext, useContext, type ComponentProps } from 'react';

/** Called when a link inside the chat navigates within the site (the launcher closes its dialog). */
export const ChatNavigationContext = createContext<(() => void) | undefined>(undefined);

/** Site-relative paths only: "/articles/x#y", never "//host" or "/\host". */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

/**
 * A link in chat content. Only site paths are links (they navigate client-side, so the chat
 * keeps running in the launcher): answers link to the corpus and nowhere else, so a link a model
 * wrote to another site renders as plain text.
 */
export function ChatLink({ href, children, onClick, ...props }: ComponentProps<'a'>) {
  const onNavigate = useContext(ChatNavigationContext);
  if (!href || !isSitePath(href)) return <span className={props.className}>{children}</span>;
  return (
    <Link
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) onNavigate?.();
      }}
      {...props}
    >
      {children}
    </Link>
  );
}
