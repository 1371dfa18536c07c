import type { Metadata, Viewport } from 'next';
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
  const locale = await getLocale();
  return (
    // next-themes sets the class on <html> before hydration.
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh font-sans">
        <ThemeProvider>{children}</ThemeProvider>
      </body>
    </html>
  );
}
