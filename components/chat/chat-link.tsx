'use client';

import Link from 'next/link';
import { createContext, useContext, type ComponentProps } from 'react';

/** Called when a link inside the chat navigates within the site (the launcher closes its dialog). */
export const ChatNavigationContext = createContext<(() => void) | undefined>(undefined);

/** Site-relative paths only: "/articles/x#y", never "//host" or "/\host". */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

export function isSafeHref(href: string): boolean {
  return isSitePath(href) || /^https?:\/\//i.test(href);
}

/**
 * A link in chat content: site paths navigate client-side (the chat keeps running in the
 * launcher), other http(s) links open in a new tab, anything else renders as plain text.
 */
export function ChatLink({ href, children, onClick, ...props }: ComponentProps<'a'>) {
  const onNavigate = useContext(ChatNavigationContext);
  if (!href || !isSafeHref(href)) return <span className={props.className}>{children}</span>;
  if (isSitePath(href)) {
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
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
      {children}
    </a>
  );
}
