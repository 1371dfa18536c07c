'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import type { ReactNode } from 'react';

/** nonce: this request's CSP nonce, for the inline script that sets the theme before hydration. */
export function ThemeProvider({ children, nonce }: { children: ReactNode; nonce: string | undefined }) {
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </NextThemesProvider>
  );
}
