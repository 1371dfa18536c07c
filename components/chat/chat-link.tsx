'use client';

import Link from 'next/link';
import { createContext, useContext, type ComponentProps } from 'react';

/** Called when a link inside the chat navigates within the site (the launcher closes its dialog). */
export const ChatNavigationContext = createContext<(() => void) | undefined>(undefined);

/** In the widget's frame on another site, links open the help site in a new tab instead. */
export const ChatLinksInNewTabContext = createContext(false);

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
  const newTab = useContext(ChatLinksInNewTabContext);
  if (!href || !isSitePath(href)) return <span className={props.className}>{children}</span>;
  if (newTab) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
        {children}
      </a>
    );
  }
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
