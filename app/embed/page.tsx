import type { Metadata } from 'next';
import { EmbedChat } from '@/components/embed/embed-chat';
import { getConfig } from '@/lib/config';
import { getMessages } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getMessages();
  // The frame is a widget, not a page of the help center: no search engine should list it.
  return { title: t.chat.title, robots: { index: false, follow: false } };
}

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * /embed — the chat inside the widget's frame (public/widget.js puts it on other sites). Its
 * language comes from the host page (?lang=, applied by proxy.ts); who may frame it is the
 * WIDGET_SITES allow-list (frame-ancestors, also set by proxy.ts).
 */
export default async function EmbedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ locale, t }, params] = await Promise.all([getMessages(), searchParams]);
  const color = typeof params.color === 'string' && COLOR.test(params.color) ? params.color : undefined;
  const sites = getConfig().widget.sites.map((site) => site.origin);
  return <EmbedChat labels={t.chat} locale={locale} hostOrigins={sites} accentColor={color} />;
}
