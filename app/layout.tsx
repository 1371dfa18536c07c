import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { ThemeProvider } from '@/components/site/theme-provider';
import { getLocale } from '@/lib/i18n/server';
import { getSite } from '@/lib/site';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const site = getSite();
  return { title: { default: site.helpCenterName, template: `%s · ${site.helpCenterName}` } };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fbfcfe' },
    { media: '(prefers-color-scheme: dark)', color: '#15181f' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // proxy.ts sets x-nonce with the CSP; next-themes' inline script needs it to run.
  const [locale, nonce] = await Promise.all([getLocale(), headers().then((h) => h.get('x-nonce') ?? undefined)]);
  return (
    // next-themes sets the class on <html> before hydration.
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh font-sans">
        <ThemeProvider nonce={nonce}>{children}</ThemeProvider>
      </body>
    </html>
  );
}
